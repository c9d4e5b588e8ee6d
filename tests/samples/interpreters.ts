import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { requireDebianProgram } from '../helpers/debianPackages.js';
import { clientLibraries } from './clientLibraries.ts';
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
  /** Environment variables the interpreter needs (where Python finds the client library). */
  env?: Record<string, string>;
}

const debianGuzzleAutoload = '/usr/share/php/GuzzleHttp/autoload.php';
const require = createRequire(import.meta.url);

/**
 * Finds or installs (as root on Debian) each language's interpreter and libraries: Debian's Python
 * with requests, munch and Flask (a pyenv `python3` on PATH may lack them), PHP with Guzzle, curl
 * and jq. Each language's samples can load the client library the docs document (`clientLibraries`).
 */
export function prepareInterpreters(): Record<SampleLanguage, Interpreter> {
  const bash = requireDebianProgram('/usr/bin/bash', ['bash'], 'bash');
  requireDebianProgram('/usr/bin/curl', ['curl'], 'curl');
  requireDebianProgram('/usr/bin/jq', ['jq'], 'jq (curl samples pipe into it)');
  const python = requireDebianProgram('/usr/bin/python3', ['python3'], "Debian's Python 3");
  requireDebianProgram(
    '/usr/lib/python3/dist-packages/requests/__init__.py',
    ['python3-requests'],
    "Python's requests",
  );
  requireDebianProgram('/usr/lib/python3/dist-packages/flask/__init__.py', ['python3-flask'], "Python's Flask");
  requireDebianProgram(
    '/usr/lib/python3/dist-packages/munch/__init__.py',
    ['python3-munch'],
    "Python's munch (the client library's responses)",
  );
  const php = requireDebianProgram('/usr/bin/php', ['php-cli'], 'PHP');
  requireDebianProgram(debianGuzzleAutoload, ['php-guzzlehttp-guzzle'], "PHP's Guzzle");
  return {
    curl: {
      fileName: 'sample.sh',
      // -e and pipefail: a failing command anywhere fails the sample, as it would stop a reader.
      command: [bash, '-e', '-o', 'pipefail', 'sample.sh'],
    },
    JavaScript: {
      fileName: 'sample.mjs',
      command: [process.execPath, 'sample.mjs'],
      // Links, as `npm install` would put them: the client library (whose own imports resolve from
      // this project's node_modules) and axios, which the generated Node.js samples import themselves.
      prepareFolder: (dir) => {
        const { folder, packageName } = clientLibraries.JavaScript;
        for (const [name, target] of [
          [packageName, folder],
          ['axios', dirname(require.resolve('axios/package.json'))],
        ]) {
          const link = join(dir, 'node_modules', name);
          mkdirSync(dirname(link), { recursive: true });
          symlinkSync(target, link, 'dir');
        }
      },
    },
    Python: {
      fileName: 'sample.py',
      command: [python, 'sample.py'],
      env: { PYTHONPATH: clientLibraries.Python.folder, PYTHONDONTWRITEBYTECODE: '1' },
    },
    PHP: {
      fileName: 'sample.php',
      command: [php, 'sample.php'],
      serveCommand: (port) => [php, '-S', `127.0.0.1:${port}`, 'sample.php'],
      // Samples `require 'vendor/autoload.php'` as a Composer project would; here it loads Debian's
      // Guzzle and, the way Composer's PSR-4 loader would, the client library's classes.
      prepareFolder: (dir) => {
        const { folder, namespace } = clientLibraries.PHP;
        mkdirSync(join(dir, 'vendor'));
        writeFileSync(
          join(dir, 'vendor', 'autoload.php'),
          [
            '<?php',
            `require '${debianGuzzleAutoload}';`,
            'spl_autoload_register(function (string $class): void {',
            `    $prefix = ${JSON.stringify(namespace)};`,
            '    if (strncmp($class, $prefix, strlen($prefix)) === 0) {',
            `        require ${JSON.stringify(folder)} . '/' . str_replace('\\\\', '/', substr($class, strlen($prefix))) . '.php';`,
            '    }',
            '});',
            '',
          ].join('\n'),
        );
      },
    },
  };
}

/**
 * Interpreters for languages only the generated reference writes (the docs' fences never name
 * them), found or installed as root on Debian: Go (Debian's golang-go), whose generated samples
 * are whole programs on the standard library. One build cache for every sample, in the system's
 * temporary folder: each sample compiles only itself.
 */
export function prepareGeneratedInterpreters(): { Go: Interpreter } {
  const go = requireDebianProgram('/usr/bin/go', ['golang-go'], 'Go');
  return {
    Go: {
      fileName: 'sample.go',
      command: [go, 'run', 'sample.go'],
      env: { GOCACHE: join(tmpdir(), 'docsgen-samples-go-cache') },
    },
  };
}
