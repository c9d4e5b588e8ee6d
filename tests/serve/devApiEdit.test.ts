import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { interrupt, startServe } from '../helpers/cli.ts';
import { waitFor } from '../helpers/liveReloadEvents.ts';
import { DevSite } from '../../src/serve/devSite.ts';
import { apiSource } from '../../src/pages/apiSource.ts';
import { cachePaths } from '../../src/cache/cachePaths.ts';
import { cachedParsedDescription } from '../../src/openapi/parsedDescriptionCache.ts';
import { describedFile } from '../../src/openapi/openApiModel.ts';
import type { DocsgenError } from '../../src/errors.ts';

/** The parts of the reference built (undefined: the whole of it, the outline a page plan is made from), in order. */
const partsBuilt = vi.hoisted(() => [] as unknown[]);
vi.mock('../../src/openapi/buildReference.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/openapi/buildReference.ts')>();
  return {
    ...original,
    buildApiReference: (...args: Parameters<typeof original.buildApiReference>) => {
      partsBuilt.push(args[3]);
      return original.buildApiReference(...args);
    },
  };
});

// The split fixture: an overview at /api/, a page per tag (/api/things/ holds listThings), webhooks, schemas.
const description = 'openapi/api.yaml';
const withListThingsText = (yaml: string, text: string) =>
  yaml.replace("operationId: 'listThings'", `operationId: 'listThings'\n      description: ${text}`);

/** The routes the API reference's source renders from now on (a page from the render cache counts too). */
function countApiRenders() {
  const routes: string[] = [];
  const original = apiSource.render.bind(apiSource);
  vi.spyOn(apiSource, 'render').mockImplementation(async (site, state, asked, inputs, emit, failed) => {
    routes.push(...asked);
    return original(site, state, asked, inputs, emit, failed);
  });
  return routes;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the dev server's split API reference, in the process", () => {
  let site: string;
  let dev: DevSite;
  const errors: DocsgenError[] = [];

  beforeAll(async () => {
    site = await writeSplitApiSite();
    dev = await DevSite.create(site, undefined, { warning: () => {}, error: (error) => errors.push(error) }, true);
  });

  afterAll(async () => {
    await dev.close();
    await rm(site, { recursive: true, force: true });
  });

  const keptParse = async () => {
    const file = path.join(site, description);
    return cachedParsedDescription(
      cachePaths(site).engine,
      describedFile(file, await readFile(file)),
      description,
      (other) => readFile(other),
    );
  };

  it('keeps the parsed description in the render cache after the first page is served, not before', async () => {
    expect(await keptParse()).toBeUndefined();
    expect(await dev.page('/api/')).toContain('Split API');
    dev.scheduleRefresh();
    await dev.idle();
    expect(await keptParse()).toBeDefined();
    expect(errors).toEqual([]);
  });

  it('renders a page asked for twice at once one time', async () => {
    // An edit makes every page stale (the description's title is on each).
    const file = path.join(site, description);
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: Split API', 'title: Split API edited'));
    await dev.changed(description);
    const renders = countApiRenders();
    const [first, second] = await Promise.all([dev.page('/api/things/'), dev.page('/api/things/')]);
    expect(first).toContain('Split API edited');
    expect(second).toBe(first);
    expect(renders).toEqual(['/api/things/']);
    dev.scheduleRefresh();
    await dev.idle();
  });

  it('renders again only the page of the operation an edit touched, and the overview that validates it', async () => {
    dev.scheduleRefresh();
    await dev.idle();
    const file = path.join(site, description);
    await writeFile(file, withListThingsText(await readFile(file, 'utf8'), 'Lists every thing, newest first.'));
    const renders = countApiRenders();
    partsBuilt.length = 0;
    const outcome = await dev.changed(description);
    expect(outcome && 'reload' in outcome && outcome.reload).toEqual(['/api/', '/api/things/']);
    // The pages are planned again from the outline kept from the last plan: only listThings is built again.
    expect(partsBuilt).toEqual([{ kind: 'tag', tag: 'Things', range: [0, 1] }]);
    expect(await dev.page('/api/things/')).toContain('Lists every thing, newest first.');
    // The background refresh brings the search index up to date: the other pages are not rendered again.
    dev.scheduleRefresh();
    await dev.idle();
    expect(renders.sort()).toEqual(['/api/', '/api/things/']);
    expect(await dev.page('/api/schemas/')).toContain('Bundle');
    expect(renders.sort()).toEqual(['/api/', '/api/things/']);
    expect(errors).toEqual([]);
  });

  it('leaves the site as it is when the description is saved unchanged (a second event of one write)', async () => {
    const before = dev.loaded;
    partsBuilt.length = 0;
    expect(await dev.changed(description)).toEqual({ reload: [] });
    expect(dev.loaded).toBe(before);
    expect(partsBuilt).toEqual([]);
  });

  it('renders again the pages that show an edited schema: where it is expanded, and its own section', async () => {
    const file = path.join(site, description);
    // `Signer Ü` is expanded in signer#create's request body; Bundle, on the other pages, links to it.
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        'email: { type: string }',
        'email: { type: string, description: Where the signer is reached. }',
      ),
    );
    const outcome = await dev.changed(description);
    expect(outcome && 'reload' in outcome && outcome.reload).toEqual(['/api/', '/api/signers-1/', '/api/schemas/']);
    expect(await dev.page('/api/signers-1/')).toContain('Where the signer is reached.');
    expect(await dev.page('/api/schemas/')).toContain('Where the signer is reached.');
    expect(await dev.page('/api/things/')).not.toContain('Where the signer is reached.');
  });
});

describe("the dev server's split API reference of an invalid description", () => {
  let site: string;
  let dev: DevSite;
  const errors: DocsgenError[] = [];

  beforeAll(async () => {
    site = await writeSplitApiSite();
    const file = path.join(site, description);
    // A key OpenAPI does not have: the reference builds, Redocly's check refuses it.
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        "operationId: 'listThings'",
        "operationId: 'listThings'\n      sumary: Typo",
      ),
    );
    dev = await DevSite.create(site, undefined, { warning: () => {}, error: (error) => errors.push(error) }, true);
  });

  afterAll(async () => {
    await dev.close();
    await rm(site, { recursive: true, force: true });
  });

  it('serves the overview first, then reports the check of the whole description at its place', async () => {
    expect(await dev.page('/api/')).toContain('Split API');
    expect(errors).toEqual([]);
    dev.scheduleRefresh();
    await dev.idle();
    expect(errors.map((error) => error.format(site))).toEqual([
      expect.stringMatching(
        /^openapi\/api\.yaml:\d+:\d+: OpenAPI file is not valid at #\/paths\/~1things~1\/get\/sumary/,
      ),
    ]);
  });
});

describe("the dev server's warnings about a description's images", () => {
  let site: string;
  let dev: DevSite;
  const warnings: string[] = [];

  beforeAll(async () => {
    site = await writeSplitApiSite();
    const file = path.join(site, description);
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        'description: An API large enough to be split.',
        'description: "An API large enough to be split. ![a](https://img.one.example/a.png)"',
      ),
    );
    dev = await DevSite.create(site, undefined, { warning: (text) => warnings.push(text), error: () => {} }, true);
  });

  afterAll(async () => {
    await dev.close();
    await rm(site, { recursive: true, force: true });
  });

  it('says an image from an unlisted origin once the first page is served, not before', async () => {
    const image = expect.stringMatching(/^openapi\/api\.yaml:\d+:\d+: .*img\.one\.example/);
    expect(warnings).not.toContainEqual(image);
    expect(await dev.page('/api/')).toContain('Split API');
    dev.scheduleRefresh();
    await dev.idle();
    expect(warnings.filter((warning) => warning.includes('img.one.example'))).toEqual([image]);
  });

  it('says an image from an unlisted origin an edit adds, once, at its place', async () => {
    const said = (host: string) => warnings.filter((warning) => warning.includes(host));
    const file = path.join(site, description);
    const edited = withListThingsText(await readFile(file, 'utf8'), '"Shows ![b](https://img.two.example/b.png)"');
    await writeFile(file, edited);
    await dev.changed(description);
    dev.scheduleRefresh();
    await dev.idle();
    const line = edited.split('\n').findIndex((text) => text.includes('img.two.example')) + 1;
    expect(said('img.two.example')).toEqual([
      expect.stringMatching(new RegExp(`^openapi/api\\.yaml:${line}:\\d+: .*img\\.two\\.example/b\\.png`)),
    ]);
    // A save that moves both images down a line says neither again.
    await writeFile(file, edited.replace('  description: "An API', '  summary: Moved down.\n  description: "An API'));
    await dev.changed(description);
    dev.scheduleRefresh();
    await dev.idle();
    expect(said('img.two.example')).toHaveLength(1);
    expect(said('img.one.example')).toHaveLength(1);
  });
});

describe('docsgen serve --watch on a split API reference', () => {
  let site: string;
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    site = await writeSplitApiSite();
    ({ child, url } = await startServe(['--watch'], site));
  });

  afterAll(async () => {
    if (child.exitCode === null) await interrupt(child);
    await rm(site, { recursive: true, force: true });
  });

  it("serves an operation's edited description on its page", async () => {
    const page = async (route: string) => (await fetch(url + route)).text();
    expect(await page('/api/things/')).toContain('List things');
    const file = path.join(site, description);
    await writeFile(file, withListThingsText(await readFile(file, 'utf8'), 'Served after the save.'));
    await waitFor(async () => (await page('/api/things/')).includes('Served after the save.'));
    // The pages the edit did not touch are served as before.
    expect(await page('/api/signers-1/')).toContain('Create a signer');
  });
});
