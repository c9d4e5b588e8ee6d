import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';
import { blockWriters, featureWeights, type Feature, type LinkTarget, type Words } from './corpusFeatures.ts';

/** A small deterministic pseudo-random generator (mulberry32), so every corpus is the same. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const syllables = [
  'sig',
  'na',
  'tu',
  're',
  'bun',
  'dle',
  'pack',
  'et',
  'web',
  'hook',
  'tem',
  'plate',
  'doc',
  'u',
  'ment',
  'field',
  'per',
  'son',
  'key',
  'au',
  'th',
  'en',
  'ti',
  'ca',
  'tion',
  'page',
  'ra',
  'te',
  'lim',
  'it',
  'em',
  'bed',
  'se',
  'cret',
  'e',
  'vent',
];

/** A vocabulary of 3,000 distinct made-up words, so headings and pages differ as real ones do. */
function vocabulary(next: () => number): string[] {
  const words = new Set<string>();
  while (words.size < 3000) {
    const length = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join(''));
  }
  return [...words];
}

export interface Corpus {
  root: string;
  pages: number;
  /** Every page's relative path below content/docs, for edit benchmarks. */
  files: string[];
}

/** What a corpus is made of: the features its blocks are drawn from (all by default), and its seed. */
export interface CorpusOptions {
  features?: Feature[];
  seed?: number;
  /** The route of content/docs where the pages will be published (`/docs/` by default): absolute links start with it. */
  docsRoute?: string;
}

/** Folder sizes drawn from this list: a docs tree has small folders and a few large ones. */
const folderSizes = [2, 3, 5, 8, 12, 20, 30, 50, 80, 150];

/**
 * Writes a synthetic docs site of `pages` pages (3–9 KB of Markdown each) in folders of different
 * sizes, each with its `_category_.yml` and an image, with the fixture site's config and API
 * description. Every page has front matter with a description, an Overview section and 6–9 more
 * sections of h2 and h3, each one block of a feature drawn by seeded weights (bench/corpusFeatures.ts):
 * prose, code in eleven languages, admonitions, code and prose tabs, tables, nested lists, images,
 * relative and absolute links with anchors. The same arguments always give the same files; with
 * `features`, only those features (and prose) are drawn, so a corpus of one feature measures it.
 */
export async function writeCorpus(root: string, pages: number, options: CorpusOptions = {}): Promise<Corpus> {
  const next = random(options.seed ?? pages);
  const vocabularyWords = vocabulary(next);
  const pick = () => vocabularyWords[Math.floor(next() * vocabularyWords.length)];
  const sentence = (length = 8 + Math.floor(next() * 12)) => {
    const text = Array.from({ length }, pick).join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 4 + Math.floor(next() * 3) }, () => sentence()).join(' ');
  const title = () =>
    Array.from({ length: 2 + Math.floor(next() * 3) }, pick)
      .join(' ')
      .replace(/^\w/, (c) => c.toUpperCase());
  const words: Words = { next, pick, sentence, paragraph, title };
  const drawn = (Object.keys(featureWeights) as Feature[]).filter(
    (feature) => !options.features || feature === 'prose' || options.features.includes(feature),
  );
  const weights = drawn.map((feature) =>
    options.features && feature === 'prose' && !options.features.includes('prose') ? 1 : featureWeights[feature],
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const drawFeature = (): Feature => {
    let roll = next() * total;
    for (let i = 0; i < drawn.length; i++) if ((roll -= weights[i]) < 0) return drawn[i];
    return drawn[drawn.length - 1];
  };

  await rm(root, { recursive: true, force: true });
  const docs = path.join(root, 'content', 'docs');
  await mkdir(docs, { recursive: true });
  const fixture = path.join(engineRoot, 'tests/fixtures/site');
  await cp(path.join(fixture, 'openapi'), path.join(root, 'openapi'), { recursive: true });
  await writeFile(
    path.join(root, 'content/home.md'),
    [
      '---',
      'title: Benchmark Docs',
      'description: A synthetic documentation site for benchmarks.',
      'cards:',
      '  - title: Start',
      '    description: The first section.',
      `    href: ${options.docsRoute ?? '/docs/'}section-001/`,
      '---',
      '',
      '```bash',
      'curl https://api.example.com/',
      '```',
      '',
    ].join('\n'),
  );
  // The fixture's config names its logo under public/ (a missing one is a config error).
  await cp(path.join(fixture, 'docsgen.config.ts'), path.join(root, 'docsgen.config.ts'));
  await cp(path.join(fixture, 'public'), path.join(root, 'public'), { recursive: true });
  const image = await readFile(path.join(engineRoot, 'tests/fixtures/images/diagram.png'));

  // The tree first, so links can point at any page.
  const folders: { name: string; files: string[] }[] = [];
  for (let left = pages; left > 0; ) {
    const size = Math.min(left, folders.length === 0 ? 20 : folderSizes[Math.floor(next() * folderSizes.length)]);
    const name = `section-${String(folders.length + 1).padStart(3, '0')}`;
    const files = Array.from({ length: size }, (_, i) =>
      i === 0 ? 'index.md' : `page-${String(i).padStart(3, '0')}.md`,
    );
    folders.push({ name, files });
    left -= size;
  }
  const targets: LinkTarget[] = folders.flatMap((folder) =>
    folder.files.map((file) => ({
      file: `${folder.name}/${file}`,
      route: `${options.docsRoute ?? '/docs/'}${folder.name}/${file === 'index.md' ? '' : `${file.slice(0, -3)}/`}`,
    })),
  );

  const files: string[] = [];
  for (const [position, folder] of folders.entries()) {
    const dir = path.join(docs, folder.name);
    await mkdir(path.join(dir, 'img'), { recursive: true });
    await writeFile(path.join(dir, '_category_.yml'), `label: ${title()}\nposition: ${position + 1}\n`);
    await writeFile(path.join(dir, 'img', 'figure.png'), image);
    for (const [index, name] of folder.files.entries()) {
      const context = { folder: folder.name, targets };
      const sections = Array.from({ length: 6 + Math.floor(next() * 4) }, (_, i) => {
        const feature = drawFeature();
        return [`${i > 0 && next() < 0.4 ? '###' : '##'} ${title()}`, '', ...blockWriters[feature](words, context), ''];
      });
      const body = [
        '---',
        `title: ${title()}`,
        `description: ${sentence(12)}`,
        `sidebar_position: ${index}`,
        '---',
        '',
        paragraph(),
        '',
        '## Overview',
        '',
        paragraph(),
        '',
        ...sections.flat(),
      ].join('\n');
      await writeFile(path.join(dir, name), body);
      files.push(`${folder.name}/${name}`);
    }
  }
  return { root, pages, files };
}
