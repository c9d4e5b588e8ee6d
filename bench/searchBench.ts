import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { engineRoot } from '../src/engineRoot.ts';
import { folderFiles, staticFiles } from '../src/serve/staticFiles.ts';
import { launchChromium } from '../tests/helpers/chromium.ts';
import type { SearchRecord } from '../src/model/searchRecord.ts';
import { settingsPath, type SearchSettings } from '../src/search/searchSettings.ts';
import { readSearchRecords } from '../src/search/readSearchRecords.ts';
import { searchRequest } from '../src/client/search/searchRequest.ts';
import { answeredPages, loadQuestions, relevanceRows, type AnsweredPage, type Question } from './searchRelevance.ts';

const root = engineRoot;
/** Heading and typo queries kept per corpus (a deterministic sample on large sites). */
const maxQueries = 300;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

interface Query {
  text: string;
  /** The page the query is about (path). */
  page: string;
}

interface EngineRun {
  firstQueryBytes: number;
  firstQueryMs: number;
  /** Each mixed query the first time (fetching what it needs), then again with everything cached. */
  firstTime: number[];
  warm: number[];
  /** Per query: the first five distinct pages answered. */
  topPages: string[][];
  /** Per relevance question: the pages answered, with the sections pointed at. */
  answers: AnsweredPage[][];
  heapMb: number;
}

/**
 * The local index against Pagefind on the same built pages, in Chromium: index size, what the
 * first query fetches (gzip, engine code included, as Pagefind's figure includes its wasm) and
 * how long it takes cold, warm latency over mixed queries, recall@5 of heading queries (is the
 * heading's page among the first five pages answered), and one-typo queries. Markdown lines.
 */
export async function searchBenchmark(distDir: string, relevance = false): Promise<string[]> {
  const settings = JSON.parse(await readFile(path.join(distDir, settingsPath), 'utf8')) as SearchSettings;
  if (settings.backend.kind !== 'local')
    return ['Search runs on the hosted service for this build: there is no local index to measure.'];
  const records = await readSearchRecords(distDir);
  const pages = new Set(records.map((record) => record.url_without_anchor)).size;
  const { queries: headings, repeated } = headingQueries(records);
  const typos = headings
    .filter((query) => /\p{L}{5,}/u.test(query.text))
    .map((query, i) => ({ ...query, text: withTypo(query.text, i) }));
  const prefixes = headings.map((query) => ({
    ...query,
    text: query.text.slice(0, Math.max(3, Math.ceil(query.text.length * 0.6))),
  }));
  const mixed = interleave(headings, typos, prefixes).slice(0, maxQueries);

  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docsgen-search-bench-'));
  const server = await serveBench(distDir, scratch);
  const browser = await launchChromium();
  try {
    const indexDir = path.join(distDir, settings.backend.index.base.replace(/^\//, ''));
    const ours = await folderSize(indexDir);
    const pagefindStarted = performance.now();
    await buildPagefind(distDir, path.join(scratch, 'pagefind'));
    const pagefindBuildSeconds = (performance.now() - pagefindStarted) / 1000;
    const theirs = await folderSize(path.join(scratch, 'pagefind'));
    const engineBytes = gzipSync(await readFile(path.join(scratch, 'engine.js'))).length;

    // The relevance questions are written for the shipped site; a synthetic corpus has none.
    const questions = relevance ? loadQuestions() : [];
    const local = await runEngine(browser, server.url, 'local', settings, headings, typos, mixed, questions);
    const pf = await runEngine(browser, server.url, 'pagefind', settings, headings, typos, mixed, questions);
    const row = (name: string, size: { raw: number; gzip: number; files: number }, run: EngineRun) => {
      const recall = rate(run.topPages.slice(0, headings.length).map((top, i) => top.includes(headings[i].page)));
      const typoRuns = run.topPages.slice(headings.length, headings.length + typos.length);
      const typoFound = rate(typoRuns.map((top, i) => top.includes(typos[i].page)));
      const typoEmpty = typoRuns.filter((top) => top.length === 0).length;
      return `| ${name} | ${kb(size.raw)} / ${kb(size.gzip)} (${size.files} files) | ${kb(run.firstQueryBytes)} | ${ms(run.firstQueryMs)} | ${ms(percentile(run.firstTime, 50))} / ${ms(percentile(run.firstTime, 95))} | ${ms(percentile(run.warm, 50))} / ${ms(percentile(run.warm, 95))} | ${recall} | ${typoFound}, ${typoEmpty} without hits | ${run.heapMb.toFixed(0)} |`;
    };
    return [
      `${pages.toLocaleString('en')} pages, ${records.length.toLocaleString('en')} records; ${headings.length} heading queries (${repeated} headings found on more than 5 pages left out), ${typos.length} one-typo queries (a letter replaced, dropped, added or two swapped, anywhere in the longest word), ${mixed.length} mixed queries for latency (headings, typos, prefixes). Chromium, local server; gzip sizes computed from the bodies.`,
      '',
      '| engine | index raw / gzip KB | first query fetches, gzip KB | first query, cold ms | later queries, first time p50 / p95 ms | warm (cached) p50 / p95 ms | recall@5, heading queries | typo queries: page in top 5 | JS heap MB |',
      '|---|---|---|---|---|---|---|---|---|',
      row('docsgen local index', ours, local),
      row(`Pagefind ${pagefindVersion()}`, theirs, pf),
      '',
      ...(questions.length === 0
        ? []
        : [
            '',
            `Relevance: ${questions.length} questions a developer types (bench/search/questions.json: natural language, field names, status codes, error messages, typos, plurals), each judged before tuning with the pages or sections that answer it; ${questions.filter((question) => question.heldOut).length} held out, never tuned against. A question succeeds at rank k when the k-th page answered is one of them (for a section, with that section pointed at).`,
            '',
            '| engine | questions | success@1 | success@5 | MRR | empty answers | not in the top 5 (first six) |',
            '|---|---|---|---|---|---|---|',
            ...relevanceRows('docsgen local index', questions, local.answers),
            ...relevanceRows(`Pagefind ${pagefindVersion()}`, questions, pf.answers),
          ]),
      '',
      `The first query's bytes include the engine's code (docsgen ${kb(engineBytes)} KB gzip; Pagefind its JS, worker and wasm) and the records or fragments of the first results (docsgen 20 hits, Pagefind 10 pages). Pagefind indexed the same HTML without navigation, sidebars, footers and code in ${pagefindBuildSeconds.toFixed(1)} s.`,
    ];
  } finally {
    await browser.close();
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Every distinct heading with its page, a deterministic sample on large sites. A heading found
 * on more than five pages ("Overview", "Next steps") is left out: no engine can rank all its
 * pages in the top 5. Returns the sample and how many headings were left out.
 */
function headingQueries(records: SearchRecord[]): { queries: Query[]; repeated: number } {
  const pagesOf = new Map<string, Set<string>>();
  for (const record of records) {
    if (record.type === 'content') continue;
    const text = record.hierarchy[record.type]!;
    const pages = pagesOf.get(text.toLowerCase()) ?? new Set<string>();
    pages.add(new URL(record.url_without_anchor).pathname);
    pagesOf.set(text.toLowerCase(), pages);
  }
  const seen = new Set<string>();
  const all: Query[] = [];
  let repeated = 0;
  for (const record of records) {
    if (record.type === 'content') continue;
    const text = record.hierarchy[record.type]!;
    const page = new URL(record.url_without_anchor).pathname;
    if (seen.has(`${text}\n${page}`)) continue;
    seen.add(`${text}\n${page}`);
    if (pagesOf.get(text.toLowerCase())!.size > 5) repeated++;
    else all.push({ text, page });
  }
  const step = Math.max(1, all.length / maxQueries);
  return {
    queries: Array.from({ length: Math.min(all.length, maxQueries) }, (_, i) => all[Math.floor(i * step)]),
    repeated,
  };
}

/** One edit in the query's longest word: replaced, dropped, added, or two letters swapped (cycling), at a position that moves. */
function withTypo(text: string, seed: number): string {
  const word = (text.match(/\p{L}+/gu) ?? []).reduce(
    (longest, candidate) => (candidate.length > longest.length ? candidate : longest),
    '',
  );
  const at = (seed * 7) % (word.length - 1);
  const letter = word[at] === 'x' ? 'q' : 'x';
  const edits = [
    () => word.slice(0, at) + letter + word.slice(at + 1),
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + letter + word.slice(at),
    () => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2),
  ];
  return text.replace(word, edits[seed % edits.length]());
}

function interleave<T>(...lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(...lists.map((list) => list.length)); i++)
    for (const list of lists) if (i < list.length) out.push(list[i]);
  return out;
}

const rate = (flags: boolean[]) =>
  flags.length === 0 ? '–' : `${((flags.filter(Boolean).length / flags.length) * 100).toFixed(0)}%`;

async function folderSize(dir: string): Promise<{ raw: number; gzip: number; files: number }> {
  let raw = 0;
  let gzip = 0;
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = await readFile(path.join(entry.parentPath, entry.name));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
    files++;
  }
  return { raw, gzip, files };
}

/** The part of Pagefind's Node API the benchmark uses. */
interface PagefindApi {
  createIndex(options: object): Promise<{
    index?: {
      addDirectory(o: { path: string }): Promise<unknown>;
      writeFiles(o: { outputPath: string }): Promise<unknown>;
    };
    errors: string[];
  }>;
  close(): Promise<void>;
}

const pagefindPackage = 'pagefind@1.6.0';

/**
 * Pagefind is installed for the benchmark only, not as a project dependency: the registry here
 * serves its Linux binaries but not the other platforms' optional packages, which `npm ci`
 * would insist on finding in the lock file.
 */
async function loadPagefind(): Promise<PagefindApi> {
  // A folder of its own: installing into the project's node_modules would prune it.
  const prefix = path.join(root, '.docsgen-cache', 'bench-tools');
  const entry = path.join(prefix, 'node_modules', 'pagefind', 'lib', 'index.js');
  if (!existsSync(entry))
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', pagefindPackage], { stdio: 'inherit' });
  return (await import(pathToFileURL(entry).href)) as PagefindApi;
}

async function buildPagefind(distDir: string, outputPath: string): Promise<void> {
  const pagefind = await loadPagefind();
  const { index, errors } = await pagefind.createIndex({
    excludeSelectors: ['nav', 'aside', 'footer', 'pre', '.announcement', '.search-page'],
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  await index.addDirectory({ path: distDir });
  await index.writeFiles({ outputPath });
  await pagefind.close();
}

const pagefindVersion = () =>
  (
    JSON.parse(
      readFileSync(path.join(root, '.docsgen-cache/bench-tools/node_modules/pagefind/package.json'), 'utf8'),
    ) as { version: string }
  ).version;

/** The built site, Pagefind's bundle under /pagefind/, and the local engine alone as /engine.js. */
async function serveBench(distDir: string, scratch: string) {
  await esbuild.build({
    absWorkingDir: root,
    stdin: {
      contents: "export { createLocalSearchClient } from './src/client/search/local/localSearchClient.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    outfile: path.join(scratch, 'engine.js'),
    logLevel: 'silent',
  });
  await writeFile(path.join(scratch, 'blank.html'), '<!DOCTYPE html><title>Search benchmark</title>');
  const site = staticFiles(folderFiles(distDir));
  const bench = staticFiles(folderFiles(scratch));
  const server = createServer(async (request, response) => {
    const inScratch =
      request.url === '/engine.js' || request.url === '/blank.html' || request.url?.startsWith('/pagefind/');
    if (!(await (inScratch ? bench : site)(request, response))) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * One engine in a fresh page: the first query cold (bytes and time), then every query warm
 * (times), keeping the first five distinct pages of each answer.
 */
async function runEngine(
  browser: Browser,
  url: string,
  engine: 'local' | 'pagefind',
  settings: SearchSettings,
  headings: Query[],
  typos: Query[],
  mixed: Query[],
  questions: Question[],
): Promise<EngineRun> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A blank page of the same origin: a site page would fetch its own assets and prefetch links.
  await page.goto(`${url}/blank.html`);
  const bytes: Promise<number>[] = [];
  page.on('response', (response) =>
    bytes.push(
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    ),
  );
  const params = searchRequest(settings, '', { snippet: 10 }).params;
  await page.evaluate(
    async ({ engine, params }) => {
      const global = window as unknown as Record<string, unknown>;
      if (engine === 'local') {
        // What the modal loads on intent: the settings, then the engine.
        const settings = await (await fetch('/search/settings.json')).json();
        const { createLocalSearchClient } = await import(`${location.origin}/engine.js`);
        const client = createLocalSearchClient(settings.backend.index);
        global.benchSearch = async (query: string) => {
          const { results } = await client.search({ requests: [{ indexName: settings.indexName, query, params }] });
          return results[0].hits.map((hit: { url: string }) => new URL(hit.url, location.origin).pathname);
        };
        // Every hit's URL, anchor included, in rank order: what a reader of the modal sees.
        global.benchAnswer = async (query: string) => {
          const { results } = await client.search({ requests: [{ indexName: settings.indexName, query, params }] });
          return results[0].hits.map((hit: { url: string }) => {
            const url = new URL(hit.url, location.origin);
            return url.pathname + url.hash;
          });
        };
      } else {
        const module = await import(`${location.origin}/pagefind/pagefind.js`);
        global.benchSearch = async (query: string) => {
          const search = await module.search(query);
          const data = await Promise.all(
            search.results.slice(0, 10).map((result: { data: () => Promise<{ url: string }> }) => result.data()),
          );
          return data.map((entry) => new URL(entry.url, location.origin).pathname);
        };
        // Each of the first ten pages, then the sections Pagefind points at on it (its sub-results).
        global.benchAnswer = async (query: string) => {
          const search = await module.search(query);
          const data = await Promise.all(
            search.results
              .slice(0, 10)
              .map((result: { data: () => Promise<{ url: string; sub_results?: { url: string }[] }> }) =>
                result.data(),
              ),
          );
          return data.flatMap((entry) =>
            [entry.url, ...(entry.sub_results ?? []).map((sub: { url: string }) => sub.url)].map((url) => {
              const parsed = new URL(url, location.origin);
              return parsed.pathname + parsed.hash;
            }),
          );
        };
      }
    },
    { engine, params },
  );
  const run = (query: string) =>
    page.evaluate(async (text) => {
      const started = performance.now();
      const pages = await (window as unknown as { benchSearch: (query: string) => Promise<string[]> }).benchSearch(
        text,
      );
      return { time: performance.now() - started, pages: [...new Set(pages)].slice(0, 5) };
    }, query);
  await page.waitForLoadState('networkidle');
  const before = bytes.length;
  const engineCode = (await Promise.all(bytes.slice(0, before))).reduce((sum, size) => sum + size, 0);
  const first = await run(headings[0]?.text ?? 'search');
  await page.waitForLoadState('networkidle');
  const firstQueryBytes = engineCode + (await Promise.all(bytes.slice(before))).reduce((sum, size) => sum + size, 0);
  const topPages: string[][] = [];
  for (const query of [...headings, ...typos]) topPages.push((await run(query.text)).pages);
  // First time through, a query may need files not fetched yet; the second time, all is cached.
  const firstTime: number[] = [];
  for (const query of mixed) firstTime.push((await run(query.text)).time);
  const warm: number[] = [];
  for (const query of mixed) warm.push((await run(query.text)).time);
  const heapMb = await heap(page);
  const answers: AnsweredPage[][] = [];
  for (const question of questions) {
    const urls = await page.evaluate(
      (text) => (window as unknown as { benchAnswer: (query: string) => Promise<string[]> }).benchAnswer(text),
      question.query,
    );
    answers.push(answeredPages(urls));
  }
  await context.close();
  return { firstQueryBytes, firstQueryMs: first.time, firstTime, warm, topPages, heapMb, answers };
}

const heap = (page: Page) =>
  page.evaluate(
    () => ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20,
  );
