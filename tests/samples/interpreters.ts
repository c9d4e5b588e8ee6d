import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireDebianProgram } from '../helpers/debianPackages.js';
import type { SampleLanguage } from './discoverSamples.ts';

export interface Interpreter {
  /** The file the sample is written to, in its own folder. */
  fileName: string;
  /** The command that runs it as a script, from its folder. */
  command: string[];
  /** The command that serves it as a webhook receiver on `port`, when it does not listen by itself. */
  serveCommand?: (port: number) => string[];
  /** Writes what the language's samples expect beside them (PHP's `vendor/autoload.php`). */
  prepareFolder?: (dir: string) => void;
}

const debianGuzzleAutoload = '/usr/share/php/GuzzleHttp/autoload.php';

/**
 * Finds or installs (as root on Debian) each language's interpreter and libraries: Debian's Python
 * with requests and Flask (a pyenv `python3` on PATH may lack them), PHP with Guzzle, curl and jq.
 */
export function prepareInterpreters(): Record<SampleLanguage, Interpreter> {
  const bash = requireDebianProgram('/usr/bin/bash', ['bash'], 'bash');
  requireDebianProgram('/usr/bin/curl', ['curl'], 'curl');
  requireDebianProgram('/usr/bin/jq', ['jq'], 'jq (curl samples pipe into it)');
  const python = requireDebianProgram('/usr/bin/python3', ['python3'], "Debian's Python 3");
  requireDebianProgram('/usr/lib/python3/dist-packages/requests/__init__.py', ['python3-requests'], "Python's requests");
  requireDebianProgram('/usr/lib/python3/dist-packages/flask/__init__.py', ['python3-flask'], "Python's Flask");
  const php = requireDebianProgram('/usr/bin/php', ['php-cli'], 'PHP');
  requireDebianProgram(debianGuzzleAutoload, ['php-guzzlehttp-guzzle'], "PHP's Guzzle");
  return {
    curl: {
      fileName: 'sample.sh',
      // -e and pipefail: a failing command anywhere fails the sample, as it would stop a reader.
      command: [bash, '-e', '-o', 'pipefail', 'sample.sh'],
    },
    JavaScript: { fileName: 'sample.mjs', command: [process.execPath, 'sample.mjs'] },
    Python: { fileName: 'sample.py', command: [python, 'sample.py'] },
    PHP: {
      fileName: 'sample.php',
      command: [php, 'sample.php'],
      serveCommand: (port) => [php, '-S', `127.0.0.1:${port}`, 'sample.php'],
      // Samples `require 'vendor/autoload.php'` as a Composer project would; here it loads Debian's Guzzle.
      prepareFolder: (dir) => {
        mkdirSync(join(dir, 'vendor'));
        writeFileSync(join(dir, 'vendor', 'autoload.php'), `<?php\nrequire '${debianGuzzleAutoload}';\n`);
      },
    },
  };
}
