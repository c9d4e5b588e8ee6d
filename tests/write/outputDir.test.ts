import { execFile, spawn } from 'node:child_process';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, projectRoot, snapshotDir } from '../helpers/fixtureSite.ts';
import { cliPath, docsgen, progressLine } from '../helpers/cli.ts';

/** Runs `docsgen build` with an environment and a umask of its own; resolves with how it ended and its errors. */
function buildWith(
  cwd: string,
  env: Record<string, string> = {},
  umask = '022',
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(
    '/bin/sh',
    ['-c', `umask ${umask} && exec "$0" --import "$1" "$2" build`, process.execPath, stopAtSwapStep, cliPath],
    {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    // The build stopped itself at the step asked for: killed there, as a crash would.
    if (/^stopped at /m.test(stderr)) child.kill('SIGKILL');
  });
  // Progress lines (standard error) apart: what is left is what went wrong.
  const errors = () =>
    stderr
      .split(/(?<=\n)/)
      .filter((line) => !progressLine.test(line.replace(/\n$/, '')))
      .join('');
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stderr: errors() })));
}

/** Preloaded into every build here; with `DOCSGEN_TEST_STOP_AT` it stops the build at that step of the swap. */
const stopAtSwapStep = path.join(projectRoot, 'tests/helpers/stopAtSwapStep.mjs');

/** The folders a build leaves beside dist/ (staging, next, previous). */
async function swapLeftovers(site: string): Promise<string[]> {
  return (await readdir(site)).filter((name) => name.startsWith('.dist-'));
}

/** Checks that dist/ holds a whole site, and says which version of the intro page it is. */
async function builtVersion(site: string): Promise<string> {
  for (const file of [
    'index.html',
    '404.html',
    'sitemap.xml',
    'robots.txt',
    'routes.json',
    'api/index.html',
    'docs/guide/step/index.html',
  ]) {
    expect((await stat(path.join(site, 'dist', file))).size, file).toBeGreaterThan(0);
  }
  return /Version (\w+)/.exec(await readFile(path.join(site, 'dist/docs/intro/index.html'), 'utf8'))![1];
}

async function setVersion(site: string, version: string): Promise<void> {
  const file = path.join(site, 'content/docs/intro.md');
  await writeFile(
    file,
    (await readFile(file, 'utf8')).replace(
      /\n\n(Version \w+\n\n)?## Overview/,
      `\n\nVersion ${version}\n\n## Overview`,
    ),
  );
}

let built: string;
const scratch: string[] = [];
async function copyOfBuilt(): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-out-'));
  scratch.push(copy);
  await cp(built, copy, { recursive: true });
  return copy;
}

beforeAll(async () => {
  built = await copyFixtureSite();
  scratch.push(built);
  await setVersion(built, 'one');
  const { code, stderr } = await buildWith(built);
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('the output folder', () => {
  it('is readable by others with umask 022: folders 0755, files 0644', async () => {
    const dist = path.join(built, 'dist');
    expect((await stat(dist)).mode & 0o777).toBe(0o755);
    const modes = new Set<string>();
    for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
      const mode = (await stat(path.join(entry.parentPath, entry.name))).mode & 0o777;
      modes.add(`${entry.isDirectory() ? 'dir' : 'file'} ${mode.toString(8)}`);
    }
    expect([...modes].sort()).toEqual(['dir 755', 'file 644']);
  });

  it('holds public files as files: a link that stays inside the project is copied as what it points to', async () => {
    const site = await copyOfBuilt();
    await mkdir(path.join(site, 'public/img'), { recursive: true });
    await writeFile(path.join(site, 'public/img/logo.svg'), '<svg/>');
    await writeFile(path.join(site, 'shared.txt'), 'shared text\n');
    await symlink(path.join(site, 'shared.txt'), path.join(site, 'public/shared.txt'));
    await symlink('img', path.join(site, 'public/images'));
    const { code, stderr } = await buildWith(site);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const entry of await readdir(path.join(site, 'dist'), { recursive: true, withFileTypes: true })) {
      expect(entry.isSymbolicLink(), path.join(entry.parentPath, entry.name)).toBe(false);
    }
    expect(await readFile(path.join(site, 'dist/shared.txt'), 'utf8')).toBe('shared text\n');
    expect((await lstat(path.join(site, 'dist/images'))).isDirectory()).toBe(true);
    expect(await readFile(path.join(site, 'dist/images/logo.svg'), 'utf8')).toBe('<svg/>');
  });

  it.each([
    [
      'an absolute link out of the project',
      '/etc/passwd',
      'passwd',
      /public\/passwd: symbolic link to \/etc\/passwd leaves the project$/,
    ],
    [
      'a relative link out of the project',
      '../../outside.txt',
      'up.txt',
      /public\/up\.txt: symbolic link to \.\.\/\.\.\/outside\.txt leaves the project$/,
    ],
    ['a folder link out of the project', '/etc', 'etc', /public\/etc: symbolic link to \/etc leaves the project$/],
    [
      'a link to nothing',
      'missing.txt',
      'dangling.txt',
      /public\/dangling\.txt: symbolic link to missing\.txt points to nothing$/,
    ],
    ['a link that loops', '.', 'loop', /public\/loop: symbolic link to \. loops back to a folder that contains it$/],
  ])('refuses %s in public/: a located error, exit 1, dist/ untouched', async (_name, target, name, message) => {
    const site = await copyOfBuilt();
    await writeFile(path.join(path.dirname(site), 'outside.txt'), 'outside\n').catch(() => undefined);
    await mkdir(path.join(site, 'public'), { recursive: true });
    await symlink(target, path.join(site, 'public', name));
    const before = await snapshotDir(path.join(site, 'dist'));
    const { code, stdout, stderr } = await docsgen(['build'], site);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const [first] = stderr.split('\n');
    expect(first.startsWith('error: public/')).toBe(true);
    expect(first).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(await snapshotDir(path.join(site, 'dist'))).toEqual(before);
    expect(await swapLeftovers(site)).toEqual([]);
  });
});

describe('the swap of the new site into dist/', () => {
  // A build killed at each step of the swap; the next command finds a whole site at dist/.
  it.each([
    ['staged', 'one'],
    ['complete', 'two'],
    ['moved', 'two'],
    ['published', 'two'],
  ])(
    'recovers from a build killed at "%s" (dist/ then holds version %s), even when the next build fails',
    async (step, expected) => {
      const site = await copyOfBuilt();
      await setVersion(site, 'two');
      const killed = await buildWith(site, { DOCSGEN_TEST_STOP_AT: step });
      expect(killed.signal).toBe('SIGKILL');
      expect(await swapLeftovers(site)).not.toEqual([]);
      // A build that fails at once (its front matter does not parse) still puts the swap right first.
      const intro = path.join(site, 'content/docs/intro.md');
      const good = await readFile(intro, 'utf8');
      await writeFile(intro, good.replace('sidebar_position: 1', 'sidebar_position: [1'));
      expect((await buildWith(site)).code).toBe(1);
      expect(await builtVersion(site)).toBe(expected);
      expect(await swapLeftovers(site)).toEqual([]);
      await writeFile(intro, good);
      expect((await buildWith(site)).code).toBe(0);
      expect(await builtVersion(site)).toBe('two');
      expect(await swapLeftovers(site)).toEqual([]);
    },
    120_000,
  );

  it('is put right by `search export` too, which reads dist/ without building', async () => {
    const site = await copyOfBuilt();
    await setVersion(site, 'two');
    expect((await buildWith(site, { DOCSGEN_TEST_STOP_AT: 'moved' })).signal).toBe('SIGKILL');
    const { code, stderr } = await docsgen(['search', 'export', '--file', 'records.json'], site);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(await builtVersion(site)).toBe('two');
    expect(JSON.parse(await readFile(path.join(site, 'records.json'), 'utf8')).length).toBeGreaterThan(0);
  });

  it('removes the staging folder of a build killed while rendering', async () => {
    const site = await copyOfBuilt();
    const child = spawn(process.execPath, [cliPath, 'build', '--no-cache'], { cwd: site, stdio: 'ignore' });
    const deadline = Date.now() + 60_000;
    while ((await swapLeftovers(site)).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect((await swapLeftovers(site))[0]).toMatch(/^\.dist-staging-/);
    expect(await builtVersion(site)).toBe('one');
    expect((await buildWith(site)).code).toBe(0);
    expect(await swapLeftovers(site)).toEqual([]);
  });

  it('leaves alone the folders of a build still running, and removes those of processes that are gone', async () => {
    const site = await copyOfBuilt();
    const gone = await new Promise<number>((resolve) => {
      const child = execFile(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    // This test's process stands for a build still running.
    const running = `.dist-staging-${process.pid}-a1`;
    for (const name of [running, `.dist-staging-${gone}-b2`, `.dist-previous-${gone}-b3`, '.dist-staging-Xy12Zq'])
      await mkdir(path.join(site, name));
    expect((await buildWith(site)).code).toBe(0);
    expect(await swapLeftovers(site)).toEqual([running]);
  });

  it('puts back the site an earlier engine moved aside when it was killed between its two renames', async () => {
    const site = await copyOfBuilt();
    await rename(path.join(site, 'dist'), path.join(site, '.dist-staging-Ab3dEf-previous'));
    await setVersion(site, 'two');
    await writeFile(path.join(site, 'docsgen.config.ts'), 'export default {');
    expect((await buildWith(site)).code).toBe(1);
    expect(await builtVersion(site)).toBe('one');
    expect(await swapLeftovers(site)).toEqual([]);
  });
});
