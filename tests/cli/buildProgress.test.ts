import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';
import { buildProgress } from '../../src/cli/buildProgress.ts';
import type { BuildResult } from '../../src/build/build.ts';

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

const escape = /\x1b\[/;

describe('docsgen build output', () => {
  it('without a terminal: the summary (and a plain progress line every 5 s of a long build), no escape codes', async () => {
    const { code, stdout, stderr } = await docsgen(['build'], site);
    expect(code, stderr).toBe(0);
    expect(stdout + stderr).not.toMatch(escape);
    // The summary's four lines, after any progress line a build longer than 5 s printed.
    expect(
      stdout
        .trim()
        .split('\n')
        .filter((line) => !/^(Loading|Rendering|Writing|Publishing) /.test(line)),
    ).toHaveLength(4);
    expect(stdout).toMatch(/Built 6 pages into .* in \d+\.\d\d s \(cache [\d.]+ MB\)\n/);
    expect(stdout).toMatch(
      / {2}load \d+\.\d\d s · render \d+\.\d\d s · search index and links \d+\.\d\d s · write \d+\.\d\d s\n/,
    );
    // Every source of the registry, named as it is there: the build names no kind of page itself.
    expect(stdout).toMatch(
      / {2}each source's pages done after: api \d+\.\d\d s · docs \d+\.\d\d s · home \d+\.\d\d s · /,
    );
    expect(stdout).toMatch(/ {2}cache \d+ hits, \d+ misses · peak memory \d+ MB\n/);
  });

  it('without a terminal: a line every 5 s while a long job runs, with how far it has got', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const printed: string[] = [];
    try {
      const progress = buildProgress({ stream: new PassThrough(), print: (line) => printed.push(line), quiet: false });
      progress.onProgress({ phase: 'render', done: 0, total: 3 });
      progress.onProgress({
        phase: 'render',
        done: 0,
        total: 3,
        work: { label: 'API reference', done: 400, total: 1223, unit: 'operations' },
      });
      // No route finishes for 12 s: the reference is still rendering.
      vi.advanceTimersByTime(12_000);
      progress.fail();
      vi.advanceTimersByTime(10_000);
    } finally {
      vi.useRealTimers();
    }
    expect(printed).toEqual([
      'Rendering 0/3 routes · API reference 400/1223 operations · 5.00 s',
      'Rendering 0/3 routes · API reference 400/1223 operations · 10.00 s',
    ]);
  });

  it('with --quiet: nothing on success, only the error on failure', async () => {
    const quiet = await docsgen(['build', '--quiet'], site);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout + quiet.stderr).toBe('');
    await writeFile(path.join(site, 'content/docs/broken.md'), '---\ntitle: [unclosed\n---\n');
    const failed = await docsgen(['build', '--quiet'], site);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(/^error: .*broken\.md:\d+:\d+/);
    await rm(path.join(site, 'content/docs/broken.md'));
  });

  it('on a terminal: one live line redrawn in place, cleared before the summary', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100, rows: 40 });
    let written = '';
    stream.on('data', (chunk) => (written += chunk));
    const printed: string[] = [];
    const saved = process.env.CI;
    delete process.env.CI;
    try {
      const progress = buildProgress({ stream, print: (line) => printed.push(line), quiet: false });
      progress.onProgress({ phase: 'load' });
      progress.onProgress({ phase: 'render', done: 0, total: 40 });
      progress.onProgress({ phase: 'render', done: 40, total: 40 });
      progress.finish({
        outDir: '/out',
        baseUrl: '/',
        publicDotfiles: [],
        brokenLinks: [],
        assets: { runtime: '', css: '', files: [] },
        routes: ['/'],
        durationMs: 1234,
        phaseMs: { load: 1, render: 2, finish: 4, write: 5 },
        pagesChecked: 1,
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
    expect(printed[0]).toBe('Built 1 pages into /out in 1.23 s (cache 1.0 MB)');
    // And nothing printed as plain lines on a terminal: the live line does it.
    expect(printed).toHaveLength(4);
    expect(printed[3]).toMatch(/^ {2}cache 7 hits, 1 misses · peak memory \d+ MB$/);
  });
});
