import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { DevSite } from '../../src/serve/devSite.ts';
import type { DocsgenError } from '../../src/errors.ts';

let site: string;
let dev: DevSite;
const warnings: string[] = [];
const errors: DocsgenError[] = [];

beforeAll(async () => {
  site = await copyFixtureSite();
  dev = await DevSite.create(
    site,
    undefined,
    { warning: (text) => warnings.push(text), error: (error) => errors.push(error) },
    true,
  );
  dev.scheduleRefresh();
  await dev.idle();
});

afterAll(async () => {
  await dev.close();
  await rm(site, { recursive: true, force: true });
});

const brokenLinks = () => warnings.filter((text) => text.includes('broken link'));

describe("the dev server's background check", () => {
  it('reports no broken link to a page that exists when saves change the sidebar during checks', async () => {
    expect(brokenLinks()).toEqual([]);
    const file = path.join(site, 'content/docs/guide/step.md');
    const original = await readFile(file, 'utf8');
    // Each save renames a page in the sidebar (every page's shell is stale) while a check is under way.
    // The check under way goes on to its end, as it does while the writer pauses after a save.
    for (let save = 1; save <= 12; save++) {
      dev.scheduleRefresh();
      await writeFile(file, original.replace('title: First step', `title: Step number ${save}`));
      const outcome = await dev.changed('content/docs/guide/step.md');
      expect(outcome && 'reload' in outcome && outcome.reload).toBe('*');
      await dev.refreshed();
    }
    await dev.idle();
    expect(brokenLinks()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a broken link of the saved page at once, with the route it resembles, before any check', async () => {
    const file = path.join(site, 'content/docs/intro.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('(guide/step.md#details)', '(/docs/guide/stepp/)'));
    const outcome = await dev.changed('content/docs/intro.md');
    expect(outcome?.error?.format()).toMatch(
      /intro\.md:7:\d+: broken link \(missing page\) to \/docs\/guide\/stepp\/; did you mean \/docs\/guide\/step\/\?/,
    );
    await writeFile(file, original);
    expect((await dev.changed('content/docs/intro.md'))?.error).toBeUndefined();
  });
});
