import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Weight {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  route: string;
  html: Weight;
  css: Weight;
  /** JavaScript fetched before any interaction: module scripts and their static imports. */
  js: Weight;
  total: Weight;
}

const weigh = (bytes: Buffer): Weight => ({ raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
const add = (a: Weight, b: Weight): Weight => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });

/** What a page costs on first load: its HTML, its stylesheets, and the scripts it runs at once. */
export async function pageWeight(distDir: string, route: string): Promise<PageWeight> {
  const html = await readFile(path.join(distDir, route, 'index.html'));
  const text = html.toString();
  const css = await sum(
    distDir,
    [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]),
  );
  const scripts = new Set<string>();
  const queue = [...text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (scripts.has(url)) continue;
    scripts.add(url);
    const source = await readFile(path.join(distDir, url), 'utf8');
    // Static imports load with the module; dynamic import() waits for intent and is not counted.
    for (const match of source.matchAll(/(?:^|[;}\s])import\s*(?:[\w{},*\s]+from\s*)?["']([^"']+)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), match[1]));
    }
  }
  const js = await sum(distDir, [...scripts]);
  const htmlWeight = weigh(html);
  return { route, html: htmlWeight, css, js, total: add(add(htmlWeight, css), js) };
}

async function sum(distDir: string, urls: string[]): Promise<Weight> {
  let total: Weight = { raw: 0, gzip: 0 };
  for (const url of urls) total = add(total, weigh(await readFile(path.join(distDir, url))));
  return total;
}
