import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * Runs `work` with a `git` first on the PATH that notes each call's command (`log`, `rev-parse`)
 * in `scratch`, then runs the real one; returns the commands, sorted.
 */
export async function gitCommandsOf(scratch: string, work: () => Promise<unknown>): Promise<string[]> {
  const bin = path.join(scratch, 'counting-git');
  await mkdir(bin, { recursive: true });
  const calls = path.join(bin, 'calls');
  await writeFile(calls, '');
  const realGit = (await git(scratch, ['--exec-path'])).trim();
  // The command is the first argument that is not an option (`git --literal-pathspecs log …`).
  const script = `#!/bin/sh\nfor a; do case "$a" in -*) ;; *) echo "$a" >> '${calls}'; break;; esac; done\nexec '${realGit}/git' "$@"\n`;
  await writeFile(path.join(bin, 'git'), script);
  await chmod(path.join(bin, 'git'), 0o755);
  const before = process.env.PATH;
  process.env.PATH = `${bin}${path.delimiter}${before}`;
  try {
    await work();
  } finally {
    process.env.PATH = before;
  }
  return (await readFile(calls, 'utf8')).split('\n').filter(Boolean).sort();
}
