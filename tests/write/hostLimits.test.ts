import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configuredLimits, limitsExceeded, outputSize, twinsAdvice } from '../../src/write/hostLimits.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';

const MiB = 2 ** 20;

describe('host limits', () => {
  const made: string[] = [];
  afterAll(async () => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('counts the files and bytes of an output folder, and names its largest file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-size-'));
    made.push(dir);
    await mkdir(path.join(dir, 'docs', 'a'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), 'x'.repeat(10));
    await writeFile(path.join(dir, 'docs', 'a', 'index.html'), 'x'.repeat(300));
    await writeFile(path.join(dir, 'docs', 'b.md'), 'x'.repeat(20));
    expect(await outputSize(dir)).toEqual({
      files: 3,
      bytes: 330,
      largest: { file: 'docs/a/index.html', bytes: 300 },
      filesByFolder: { '.': 1, docs: 2 },
    });
  });

  it("takes a known host's limits, and lets the numbers override them", () => {
    expect(configuredLimits({})).toBeUndefined();
    expect(configuredLimits({ host: 'cloudflare-pages' })).toEqual({
      limits: { files: 20_000, bytes: undefined, fileBytes: 25 * MiB },
      host: 'Cloudflare Pages (free plan)',
    });
    expect(configuredLimits({ host: 'github-pages', maxFileBytes: 5 })?.limits).toEqual({
      files: undefined,
      bytes: 1_000_000_000,
      fileBytes: 5,
    });
    expect(configuredLimits({ maxFiles: 10 })).toEqual({
      limits: { files: 10, bytes: undefined, fileBytes: undefined },
      host: 'the configured host',
    });
  });

  it('says each limit crossed, with the figures, and nothing for a site that fits', () => {
    const size = {
      files: 23_456,
      bytes: 1_200_000_000,
      largest: { file: 'search/index/x.bin', bytes: 30 * MiB },
      filesByFolder: {},
    };
    expect(limitsExceeded(size, { files: 20_000, fileBytes: 25 * MiB }, 'Cloudflare Pages (free plan)')).toEqual([
      'the site has 23,456 files; Cloudflare Pages (free plan) accepts at most 20,000',
      'its largest file, search/index/x.bin, weighs 30.0 MiB; Cloudflare Pages (free plan) accepts at most 25.0 MiB a file',
    ]);
    expect(limitsExceeded(size, { bytes: 1_000_000_000 }, 'GitHub Pages')).toEqual([
      'the site weighs 1144.4 MiB; GitHub Pages accepts at most 953.7 MiB',
    ]);
    expect(limitsExceeded(size, { files: 30_000, bytes: 2e9, fileBytes: 100 * MiB }, 'GitHub Pages')).toEqual([]);
  });

  it('names markdownTwins: false and the count it leaves, on a site over the file limit with twins unset', () => {
    const size = { files: 20_398 };
    expect(twinsAdvice({}, size, { files: 20_000 }, 10_000)).toBe(
      'markdownTwins: false in the config leaves out the 10,000 Markdown twins: 10,398 files, under the limit of 20,000',
    );
    expect(twinsAdvice({}, { files: 40_000 }, { files: 20_000 }, 10_000)).toMatch(
      /: 30,000 files, still over the limit of 20,000$/,
    );
    // Set either way, no twins written, a site that fits or a host without a file limit: nothing to say.
    expect(twinsAdvice({ markdownTwins: true }, size, { files: 20_000 }, 10_000)).toBeUndefined();
    expect(twinsAdvice({}, size, { files: 20_000 }, 0)).toBeUndefined();
    expect(twinsAdvice({}, size, { files: 30_000 }, 10_000)).toBeUndefined();
    expect(twinsAdvice({}, size, { bytes: 1 }, 10_000)).toBeUndefined();
  });

  it('warns at the end of a build whose output crosses the configured limits, and still builds', async () => {
    const site = await copyFixtureSite();
    made.push(site);
    const config = path.join(site, 'docsgen.config.ts');
    const source = await readFile(config, 'utf8');
    /** Builds the site with this `deploy` in its config. */
    const buildWith = async (deploy: string) => {
      await writeFile(
        config,
        source.replace("openapi: 'openapi/api.yaml',", `openapi: 'openapi/api.yaml',\n  deploy: ${deploy},`),
      );
      return docsgen(['build'], site);
    };
    const over = await buildWith('{ maxFiles: 5 }');
    expect(over.code).toBe(0);
    expect(over.stderr).toMatch(
      /warning: the site has \d+ files; the configured host accepts at most 5 \(config deploy\)/,
    );
    // Its twins are on by default (fewer pages than markdownTwinsUpToPages): the warning says what leaving them out gives.
    const [, files] = /the site has ([\d,]+) files/.exec(over.stderr)!;
    const [, twins, left] =
      /warning: markdownTwins: false in the config leaves out the ([\d,]+) Markdown twins: ([\d,]+) files, still over the limit of 5\n/.exec(
        over.stderr,
      )!;
    const number = (text: string) => Number(text.replace(/,/g, ''));
    expect(number(twins)).toBeGreaterThan(1);
    expect(number(left)).toBe(number(files) - number(twins));

    const fits = await buildWith("{ host: 'cloudflare-pages' }");
    expect(fits.code).toBe(0);
    expect(fits.stderr).not.toMatch(/config deploy/);
  }, 180_000);
});
