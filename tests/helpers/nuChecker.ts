import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { requireDebianProgram } from './debianPackages.ts';

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** The W3C Nu HTML Checker's errors (warnings aside) on `pages` (paths below `dir`), as `page: message «extract»`. */
export async function nuCheckerErrors(dir: string, pages: string[]): Promise<string[]> {
  const java = requireDebianProgram(
    '/usr/bin/java',
    ['default-jre-headless'],
    'A Java runtime (for the Nu HTML Checker)',
  );
  // One JVM for every page. It exits 1 when it finds errors, and reports on stderr.
  const run = await promisify(execFile)(java, ['-jar', vnuJar, '--format', 'json', '--errors-only', ...pages], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }));
  const { messages } = JSON.parse(run.stderr) as {
    messages: { type: string; url?: string; message: string; extract?: string }[];
  };
  return messages
    .filter((message) => message.type !== 'info')
    .map((message) => `${message.url}: ${message.message} «${message.extract}»`);
}
