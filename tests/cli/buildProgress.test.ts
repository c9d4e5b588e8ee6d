import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { buildProgress } from '../../src/cli/buildProgress.ts';
import type { BuildResult } from '../../src/build/build.ts';

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

const escape = /\x1b\[/;

describe('docsgen build output', () => {
  it('without a terminal: the summary alone on stdout; on stderr a line per phase and per quarter rendered, no escape codes', async () => {
    const { code, stdout, stderr, progress } = await docsgen(['build'], site);
    expect(code, stderr).toBe(0);
    // Nothing on standard error but progress lines (src/cli/buildProgress.ts's format, tests/helpers/cli.ts's pattern).
    expect(stderr).toBe('');
    expect(stdout + progress.join('\n')).not.toMatch(escape);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^Built 6 pages, 1 unlisted page and \d+ files \(\d+ routes\) into .* in \d+\.\d\d s \(cache [\d.]+ MB\)$/,
    );
    expect(lines[1]).toMatch(
      /^ {2}load \d+\.\d\d s · render \d+\.\d\d s · search index and links \d+\.\d\d s · write \d+\.\d\d s$/,
    );
    // Every source of the registry, named as it is there: the build names no kind of page itself.
    expect(lines[2]).toMatch(
      /^ {2}each source's pages done after: api \d+\.\d\d s · docs \d+\.\d\d s · home \d+\.\d\d s · /,
    );
    expect(lines[3]).toMatch(/^ {2}cache \d+ hits, \d+ misses · peak memory \d+ MB$/);
    // Each phase once, in order, whatever the machine's speed: the lines follow the work, not the clock.
    expect(
      progress.map((line) => line.replace(/ (\d|·).*$/, '')).filter((name, index, all) => all.indexOf(name) === index),
    ).toEqual(['Loading the site', 'Rendering', 'Writing the search index and checking links', 'Publishing the site']);
    expect(progress.filter((line) => line.startsWith('Rendering')).at(-1)).toMatch(/^Rendering (\d+)\/\1 routes/);
  });

  it('without a terminal: a line as rendering and a long job pass each quarter, however long each took', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    let written = '';
    const stream = new PassThrough();
    stream.on('data', (chunk) => (written += chunk));
    const printed: string[] = [];
    try {
      const progress = await buildProgress({ stream, print: (line) => printed.push(line), quiet: false });
      progress.onProgress({ phase: 'load' });
      progress.onProgress({ phase: 'render', done: 0, total: 8 });
      for (let done = 0; done <= 1223; done += 100)
        progress.onProgress({
          phase: 'render',
          done: 0,
          total: 8,
          work: { label: 'API reference', done, total: 1223, unit: 'operations' },
        });
      for (let done = 1; done <= 8; done++) progress.onProgress({ phase: 'render', done, total: 8 });
      progress.onProgress({ phase: 'finish' });
      progress.fail();
    } finally {
      vi.useRealTimers();
    }
    expect(printed).toEqual([]);
    expect(written.trim().split('\n')).toEqual([
      'Loading the site · 0.00 s',
      'Rendering 0/8 routes · 0.00 s',
      'Rendering 0/8 routes · API reference 400/1223 operations · 0.00 s',
      'Rendering 0/8 routes · API reference 700/1223 operations · 0.00 s',
      'Rendering 0/8 routes · API reference 1000/1223 operations · 0.00 s',
      'Rendering 2/8 routes · 0.00 s',
      'Rendering 4/8 routes · 0.00 s',
      'Rendering 6/8 routes · 0.00 s',
      'Rendering 8/8 routes · 0.00 s',
      'Writing the search index and checking links · 0.00 s',
    ]);
  });

  it('without a terminal: while a split reference is planned, before its first page, a line as the plan passes each quarter of its operations', async () => {
    const split = await writeSplitApiSite();
    try {
      const { code, stderr, progress } = await docsgen(['build', '--no-cache'], split);
      expect(code, stderr).toBe(0);
      const planning = progress.filter((line) => line.includes('Planning'));
      // The fixture's 4 operations: a line as the count passes each quarter after the first, 2/4, 3/4 and 4/4.
      expect(planning.map((line) => line.replace(/ · [\d.]+ s$/, ''))).toEqual(
        [2, 3, 4].map((done) => `Loading the site · Planning the API reference ${done}/4 operations`),
      );
      // Before the pages render.
      expect(progress.indexOf(planning.at(-1)!)).toBeLessThan(
        progress.findIndex((line) => line.startsWith('Rendering')),
      );
    } finally {
      await rm(split, { recursive: true, force: true });
    }
  });

  it('with --quiet: nothing on success, only the error on failure', async () => {
    const quiet = await docsgen(['build', '--quiet'], site);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout + quiet.stderr).toBe('');
    expect(quiet.progress).toEqual([]);
    await writeFile(path.join(site, 'content/docs/broken.md'), '---\ntitle: [unclosed\n---\n');
    const failed = await docsgen(['build', '--quiet'], site);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.progress).toEqual([]);
    expect(failed.stderr).toMatch(/^error: .*broken\.md:\d+:\d+/);
    await rm(path.join(site, 'content/docs/broken.md'));
  });

  it('on a terminal: one live line redrawn in place, cleared before the summary', async () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100, rows: 40 });
    let written = '';
    stream.on('data', (chunk) => (written += chunk));
    const printed: string[] = [];
    const saved = process.env.CI;
    delete process.env.CI;
    try {
      const progress = await buildProgress({ stream, print: (line) => printed.push(line), quiet: false });
      progress.onProgress({ phase: 'load' });
      progress.onProgress({ phase: 'render', done: 0, total: 40 });
      progress.onProgress({ phase: 'render', done: 40, total: 40 });
      const counts = { routes: 40, pages: 1, unlistedPages: 1, redirects: 0, files: 38 };
      progress.finish({
        outDir: '/out',
        baseUrl: '/',
        publicDotfiles: [],
        brokenLinks: [],
        assets: { runtime: '', css: '', files: [] },
        routes: ['/'],
        durationMs: 1234,
        phaseMs: { load: 1, render: 2, finish: 4, write: 5 },
        counts,
        externalLinks: [],
        sourceMs: { api: 3 },
        cacheHits: 7,
        cacheMisses: 1,
        cacheBytes: 2 ** 20,
      } as BuildResult);
    } finally {
      if (saved !== undefined) process.env.CI = saved;
    }
    expect(written).toMatch(escape);
    expect(written).toContain('Rendering 40/40 routes');
    expect(printed[0]).toBe(
      'Built 1 page, 1 unlisted page and 38 files (40 routes) into /out in 1.23 s (cache 1.0 MB)',
    );
    // And nothing printed as plain lines on a terminal: the live line does it.
    expect(printed).toHaveLength(4);
    expect(printed[3]).toMatch(/^ {2}cache 7 hits, 1 misses · peak memory \d+ MB$/);
  });
});
