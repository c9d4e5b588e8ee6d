import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs git in `cwd` as a test's own committer (whatever the machine's config), optionally at a given date. */
export async function git(cwd: string, args: string[], date?: string): Promise<string> {
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
  };
  const identity = [
    '-c',
    'user.name=Docs Writer',
    '-c',
    'user.email=writer@docs.example',
    '-c',
    'commit.gpgsign=false',
    '-c',
    'init.defaultBranch=main',
  ];
  return (await run('git', [...identity, ...args], { cwd, env })).stdout;
}

/** Makes `dir` a repository whose first commit holds everything in it, at `date`. */
export async function commitAll(dir: string, message: string, date: string): Promise<void> {
  // Harmless on a repository already (git init only reinitializes it).
  await git(dir, ['init', '-q']);
  await git(dir, ['add', '-A']);
  await git(dir, ['commit', '-q', '-m', message], date);
}
