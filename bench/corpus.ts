import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { engineRoot } from '../src/engineRoot.ts';

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

export const sectionSize = 100;

/**
 * Writes a synthetic docs site of `pages` pages (about 8 KB of Markdown each: headings, a table,
 * three highlighted code blocks, cross links), in folders of 100, with the fixture site's config
 * and API description. The same `pages` always gives the same files.
 */
export async function writeCorpus(root: string, pages: number): Promise<Corpus> {
  const next = random(pages);
  const words = vocabulary(next);
  const pick = () => words[Math.floor(next() * words.length)];
  const sentence = (length = 8 + Math.floor(next() * 12)) => {
    const text = Array.from({ length }, pick).join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 4 + Math.floor(next() * 3) }, () => sentence()).join(' ');
  const title = () =>
    Array.from({ length: 2 + Math.floor(next() * 3) }, pick)
      .join(' ')
      .replace(/^\w/, (c) => c.toUpperCase());
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
      '    href: /docs/section-001/',
      '---',
      '',
      '```bash',
      'curl https://api.example.com/',
      '```',
      '',
    ].join('\n'),
  );
  await cp(path.join(fixture, 'docsgen.config.ts'), path.join(root, 'docsgen.config.ts'));
  const sections = Math.ceil(pages / sectionSize);
  const files: string[] = [];
  for (let section = 0; section < sections; section++) {
    const dir = `section-${String(section + 1).padStart(3, '0')}`;
    await mkdir(path.join(docs, dir), { recursive: true });
    await writeFile(path.join(docs, dir, '_category_.yml'), `label: ${title()}\nposition: ${section + 1}\n`);
    const count = Math.min(sectionSize, pages - section * sectionSize);
    for (let index = 0; index < count; index++) {
      const name = index === 0 ? 'index.md' : `page-${String(index).padStart(3, '0')}.md`;
      const links = Array.from({ length: 3 }, () => {
        const target = Math.floor(next() * pages);
        const targetSection = Math.floor(target / sectionSize);
        const targetIndex = target % sectionSize;
        const file = targetIndex === 0 ? 'index.md' : `page-${String(targetIndex).padStart(3, '0')}.md`;
        return `[${title()}](../section-${String(targetSection + 1).padStart(3, '0')}/${file}#overview)`;
      });
      const headings = Array.from({ length: 5 }, title);
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
        `${paragraph()} See ${links.join(', ')}.`,
        '',
        `## ${headings[0]}`,
        '',
        paragraph(),
        '',
        `### ${headings[1]}`,
        '',
        paragraph(),
        '',
        '| Field | Type | Required | Description |',
        '|---|---|---|---|',
        ...Array.from(
          { length: 5 },
          () => `| \`${pick()}\` | string | ${next() > 0.5 ? 'yes' : 'no'} | ${sentence(6)} |`,
        ),
        '',
        `## ${headings[2]}`,
        '',
        paragraph(),
        '',
        '```js',
        `const response = await fetch('https://api.example.com/${pick()}/', {`,
        `  method: 'POST',`,
        `  headers: { Authorization: \`Token \${process.env.API_KEY}\` },`,
        `  body: JSON.stringify({ ${pick()}: '${pick()}', count: ${Math.floor(next() * 100)} }),`,
        '});',
        `console.log((await response.json()).${pick()});`,
        '```',
        '',
        `### ${headings[3]}`,
        '',
        paragraph(),
        '',
        '```python',
        'import os',
        'import requests',
        '',
        `response = requests.get("https://api.example.com/${pick()}/", headers={"Authorization": f"Token {os.environ['API_KEY']}"})`,
        'for item in response.json():',
        `    print(item["${pick()}"], item.get("${pick()}"))`,
        '```',
        '',
        `## ${headings[4]}`,
        '',
        paragraph(),
        '',
        paragraph(),
        '',
        '```bash',
        `curl -X GET "https://api.example.com/${pick()}/?page=2" \\`,
        '  -H "Authorization: Token $API_KEY"',
        '```',
        '',
        paragraph(),
        '',
      ].join('\n');
      await writeFile(path.join(docs, dir, name), body);
      files.push(`${dir}/${name}`);
    }
  }
  return { root, pages, files };
}
