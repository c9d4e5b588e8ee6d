import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { writeLargeSite } from '../helpers/largeSite.ts';
import { docsgen } from '../helpers/cli.ts';

let site: string;
const read = (route: string) => readFile(path.join(site, 'dist', route, 'index.html'), 'utf8');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

beforeAll(async () => {
  site = await writeLargeSite();
  const cut = await docsgen(['version', '1.0'], site);
  if (cut.code !== 0) throw new Error(cut.stderr);
  await build({ root: site });
}, 300_000);

afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe("a snapshot's large sidebar", () => {
  it("loads its own lists, which lead to the snapshot's pages, not the current version's", async () => {
    const page = await read('docs/1.0/alpha/page-07');
    const sections = /data-sidebar-sections="([^"]+)"/.exec(page)![1];
    expect(hrefs(await read(sections))).toContain('/docs/1.0/beta/');
    const beta = /id="sidebar-beta" class="menu__collapsible" data-sidebar-src="([^"]+)"/.exec(
      await read(sections),
    )![1];
    expect(hrefs(await read(beta))).toContain('/docs/1.0/beta/page-01/');
    expect(hrefs(await read(beta))).not.toContain('/docs/beta/page-01/');
    const all = /<a class="menu__link" href="([^"]+)" data-no-prefetch="">All sections<\/a>/.exec(page)![1];
    expect(hrefs(await read(all))).toContain('/docs/1.0/gamma/page-30/');
    expect(hrefs(await read(all))).not.toContain('/docs/gamma/page-30/');
  });

  it("leaves the current version's lists where they were", async () => {
    const page = await read('docs/alpha/page-07');
    expect(page).toContain('<a class="menu__link" href="/_sidebar/" data-no-prefetch="">All sections</a>');
    expect(hrefs(await read('_sidebar/beta'))).toContain('/docs/beta/page-01/');
    expect(hrefs(await read(/data-sidebar-sections="([^"]+)"/.exec(page)![1]))).toContain('/docs/beta/');
  });
});
