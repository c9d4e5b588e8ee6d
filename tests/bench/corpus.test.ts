import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.ts';
import { codeLanguages } from '../../bench/corpusFeatures.ts';
import { snapshotDir } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';

const scratch = await mkdtemp(path.join(os.tmpdir(), 'docsgen-corpus-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const markdownOf = async (root: string, files: string[]) =>
  (await Promise.all(files.map((file) => readFile(path.join(root, 'content/docs', file), 'utf8')))).join('\n');

describe("the bench's varied corpus", () => {
  it('is the same for the same seed, and another for another seed', async () => {
    const a = await writeCorpus(path.join(scratch, 'a'), 30, { seed: 1 });
    const b = await writeCorpus(path.join(scratch, 'b'), 30, { seed: 1 });
    const c = await writeCorpus(path.join(scratch, 'c'), 30, { seed: 2 });
    expect(await snapshotDir(a.root)).toEqual(await snapshotDir(b.root));
    expect(await markdownOf(c.root, c.files)).not.toBe(await markdownOf(a.root, a.files));
  });

  it('mixes every feature, code in every language, in folders of different sizes', async () => {
    const corpus = await writeCorpus(path.join(scratch, 'mixed'), 300, { seed: 2026 });
    const markdown = await markdownOf(corpus.root, corpus.files);
    for (const language of codeLanguages) expect(markdown).toContain('```' + language);
    for (const marker of [
      ':::code-tabs',
      '::::tabs{groupId=os}',
      ':::warning',
      '|:---|',
      '   - ',
      '](./img/figure.png)',
    ])
      expect(markdown).toContain(marker);
    expect(markdown).toMatch(/\]\(\/docs\/[^)]+#overview\)/);
    expect(markdown).toMatch(/\]\(\.\.\/section-\d+\/[^)]+\.md/);
    const perFolder = new Map<string, number>();
    for (const file of corpus.files) perFolder.set(file.split('/')[0], (perFolder.get(file.split('/')[0]) ?? 0) + 1);
    const folderSizes = new Set(perFolder.values());
    expect(folderSizes.size).toBeGreaterThan(3);
    expect(corpus.files).toContain('section-001/page-001.md');
  });

  it('draws only the features asked for, beside prose', async () => {
    const corpus = await writeCorpus(path.join(scratch, 'tables'), 40, { features: ['tables'], seed: 3 });
    const markdown = await markdownOf(corpus.root, corpus.files);
    expect(markdown).toContain('| Field | Type |');
    expect(markdown).not.toContain('```');
    expect(markdown).not.toContain(':::');
    expect(markdown).not.toContain('](');
  });

  it('builds without a broken link or an error', async () => {
    const corpus = await writeCorpus(path.join(scratch, 'build'), 60, { seed: 5 });
    const run = await docsgen(['build', '--no-cache'], corpus.root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/broken link|error/i);
  });

  it('builds without a broken link when published below another docs folder (docsRoute)', async () => {
    const corpus = await writeCorpus(path.join(scratch, 'nested'), 60, { seed: 5, docsRoute: '/docs/corpus/' });
    const docs = path.join(corpus.root, 'content/docs');
    await rename(docs, path.join(scratch, 'nested-docs'));
    await mkdir(docs);
    await rename(path.join(scratch, 'nested-docs'), path.join(docs, 'corpus'));
    const markdown = await readFile(path.join(docs, 'corpus', corpus.files[1]), 'utf8');
    expect(markdown).not.toMatch(/\]\(\/docs\/section-/);
    const run = await docsgen(['build', '--no-cache'], corpus.root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/broken link|error/i);
  });
});
