import { cp, readdir, readFile, rm, symlink, utimes, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, projectRoot, snapshotDir } from '../helpers/fixtureSite.ts';
import { engineFingerprint } from '../../src/cache/engineFingerprint.ts';
import { docsgen } from '../helpers/cli.ts';
import { commitAll } from '../helpers/gitRepo.ts';

/**
 * The CI recipe: a fresh clone at another path, with .docsgen-cache restored from the last run
 * (as actions/cache does) and one page edited. The cache is keyed by content, so every page but
 * the edited one comes from it, and the output is the bytes of a build without cache.
 */
let original: string;
let clone: string;
beforeAll(async () => {
  original = await copyFixtureSite();
  // A clone is a git repository: its pages' dates (part of their keys) are their commits', not the
  // files' times, which a fresh checkout resets.
  await commitAll(original, 'The site as CI last built it', '2026-01-05T10:00:00Z');
  clone = await mkdtemp(path.join(os.tmpdir(), 'docsgen-ci-clone-'));
});
afterAll(async () => {
  await rm(original, { recursive: true, force: true });
  await rm(clone, { recursive: true, force: true });
});

const entries = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();

describe('the engine fingerprint', () => {
  it('follows the code, not where it lies or when it was written (a fresh clone has new paths and times)', async () => {
    const engine = await mkdtemp(path.join(os.tmpdir(), 'docsgen-engine-copy-'));
    try {
      for (const entry of ['src', 'templates', 'package.json'])
        await cp(path.join(projectRoot, entry), path.join(engine, entry), {
          recursive: true,
          preserveTimestamps: false,
        });
      await symlink(path.join(projectRoot, 'node_modules'), path.join(engine, 'node_modules'));
      const later = new Date(Date.now() + 3_600_000);
      await utimes(path.join(engine, 'src/build/build.ts'), later, later);
      expect(engineFingerprint(engine)).toBe(engineFingerprint(projectRoot));
      await writeFile(
        path.join(engine, 'templates/Footer.tsx'),
        `${await readFile(path.join(engine, 'templates/Footer.tsx'), 'utf8')}\n`,
      );
      expect(engineFingerprint(engine)).not.toBe(engineFingerprint(projectRoot));
    } finally {
      await rm(engine, { recursive: true, force: true });
    }
  });
});

describe('a cache restored into a fresh clone elsewhere', () => {
  it('renders only the edited page, and gives the bytes of a cold build', async () => {
    const first = await docsgen(['build'], original);
    expect(first.code, first.stderr).toBe(0);
    // The clone: the project's files and the restored cache, at another absolute path.
    await cp(original, clone, { recursive: true, filter: (source) => !source.includes(`${path.sep}dist`) });
    const [fingerprint] = await entries(path.join(clone, '.docsgen-cache'));
    const pagesBefore = await entries(path.join(clone, '.docsgen-cache', fingerprint, 'pages'));
    const page = path.join(clone, 'content/docs/guide/step.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nA paragraph added in this commit.\n`);

    const ci = await docsgen(['build'], clone);
    expect(ci.code, ci.stderr).toBe(0);
    expect(await entries(path.join(clone, '.docsgen-cache'))).toEqual([fingerprint]);
    const added = (await entries(path.join(clone, '.docsgen-cache', fingerprint, 'pages'))).filter(
      (entry) => !pagesBefore.includes(entry),
    );
    expect(added).toHaveLength(1);

    const cold = await docsgen(['build', '--no-cache', '--out', 'cold'], clone);
    expect(cold.code, cold.stderr).toBe(0);
    expect(await snapshotDir(path.join(clone, 'dist'))).toEqual(await snapshotDir(path.join(clone, 'cold')));
    expect(await readFile(path.join(clone, 'dist/docs/guide/step/index.html'), 'utf8')).toContain(
      'A paragraph added in this commit.',
    );
  });
});
