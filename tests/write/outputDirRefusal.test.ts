import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { cliPath, progressLine } from '../helpers/cli.ts';

/**
 * Runs a command to its end; a `serve` that got past the check (it would serve until stopped)
 * is stopped once it says where it serves, and so fails the test by its exit code.
 */
function run(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [cliPath, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => {
    if (String(chunk).includes('Serving')) child.kill('SIGINT');
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

// Every case runs in a project copied into a scratch folder of its own, which is what `--out ..` names.
let fixture: string;
const scratch: string[] = [];
async function scratchProject(): Promise<{ parent: string; project: string }> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-out-refused-'));
  scratch.push(parent);
  const project = path.join(parent, 'project');
  await cp(fixture, project, { recursive: true });
  return { parent, project };
}

beforeAll(async () => {
  fixture = await copyFixtureSite();
  scratch.push(fixture);
  // What `--out .` deleted: the repository, and a file beside the project.
  // copyFixtureSite makes the copy a git repository: its .git is one of the folders refused.
  await mkdir(path.join(fixture, 'public'), { recursive: true });
  await writeFile(path.join(fixture, 'public', 'robots-extra.txt'), 'kept\n');
});

afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

const cases: [string, string[], RegExp][] = [
  ['build --out . (the project)', ['build', '--out', '.'], /is the project \(/],
  ['build --out .. (a folder holding the project)', ['build', '--out', '..'], /holds the project \(/],
  ['build --out content (the sources)', ['build', '--out', 'content'], /is the project's content\//],
  [
    'build --out content/docs/site (inside the sources)',
    ['build', '--out', 'content/docs/site'],
    /lies inside the project's content\//,
  ],
  ['build --out public', ['build', '--out', 'public'], /is the project's public\//],
  [
    'build --out .docsgen-cache (the cache)',
    ['build', '--out', '.docsgen-cache'],
    /is the project's \.docsgen-cache\//,
  ],
  ['build --out .git', ['build', '--out', '.git'], /is the project's \.git\//],
  ['build --out docsgen.config.ts (a file)', ['build', '--out', 'docsgen.config.ts'], /is a file/],
  ['build --out a link to the project', ['build', '--out', '../link-to-project'], /is the project \(/],
  ['serve --out .', ['serve', '--port', '0', '--out', '.'], /is the project \(/],
  ['serve --out openapi', ['serve', '--port', '0', '--out', 'openapi'], /is the project's openapi\//],
];

describe('an output folder a build would destroy something by replacing', () => {
  it.each(cases)('%s: usage error (exit 2), one message, nothing touched', async (_name, args, message) => {
    const { parent, project } = await scratchProject();
    await symlink(project, path.join(parent, 'link-to-project'));
    await writeFile(path.join(parent, 'beside.txt'), 'beside\n');
    const before = await snapshotDir(parent);
    const { code, stderr } = await run(args, project);
    expect(stderr).toMatch(
      new RegExp(
        `^error: the output folder \\S+ ${message.source}[^\\n]*; build into a folder of its own, such as dist/\\n$`,
      ),
    );
    expect(code).toBe(2);
    expect(await snapshotDir(parent)).toEqual(before);
  });

  it('builds into a folder of its own, inside the project or outside it', async () => {
    const { parent, project } = await scratchProject();
    expect((await run(['build', '--out', 'site'], project)).code).toBe(0);
    expect((await run(['build', '--out', path.join(parent, 'elsewhere')], project)).code).toBe(0);
  });

  it('makes the missing folders of its path, as mkdir -p does', async () => {
    const { parent, project } = await scratchProject();
    const out = path.join(parent, 'deploy', 'nested', 'site');
    const { code, stderr } = await run(['build', '--out', out], project);
    const errors = stderr.split('\n').filter((line) => line !== '' && !progressLine.test(line));
    expect({ code, errors }).toEqual({ code: 0, errors: [] });
    expect((await stat(path.join(out, 'index.html'))).isFile()).toBe(true);
  });

  it('a file in the way of its path: a usage error (exit 2) saying so, no stack trace', async () => {
    const { project } = await scratchProject();
    const { code, stderr } = await run(['build', '--out', 'docsgen.config.ts/site'], project);
    expect(stderr).toMatch(
      /^error: the output folder \S+ cannot be made: a file stands where a folder of its path should be\n$/m,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(code).toBe(2);
  });
});
