import { spawn } from 'node:child_process';
import { projectRoot } from './fixtureSite.ts';

export type ChildOutcome = { done: true; result: unknown } | { done: false; output: string };

/**
 * Calls `exportName` of the module `modulePath` (absolute) with `args` in a child process, and
 * resolves with what it returned, or `done: false` when the call ran past `deadlineMs` (then the
 * child is killed). A test of an input whose work may grow without bound uses it with a deadline
 * tens of times what the bounded work takes here, and an input large enough that the unbounded
 * work takes far longer than that on a machine several times faster: the answer then depends on
 * the growth, not on the machine's speed, and a runaway case cannot hold up the run.
 */
export function callInChild(
  modulePath: string,
  exportName: string,
  args: unknown[],
  deadlineMs: number,
): Promise<ChildOutcome> {
  const script = `const m = await import(${JSON.stringify(modulePath)});
const result = await m[${JSON.stringify(exportName)}](...JSON.parse(process.argv[1]));
process.stdout.write('\\n' + JSON.stringify({ result: result ?? null }) + '\\n');`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, JSON.stringify(args)],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const last = output.trimEnd().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{"result":'))
        resolve({ done: true, result: (JSON.parse(last) as { result: unknown }).result });
      else if (code === null) resolve({ done: false, output });
      else reject(new Error(`the child exited with ${code}:\n${output}`));
    });
  });
}
