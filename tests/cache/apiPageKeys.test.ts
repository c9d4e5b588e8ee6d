import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { snapshotDir } from '../helpers/fixtureSite.ts';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';

let site: string;
beforeAll(async () => {
  site = await writeSplitApiSite();
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe("a split reference's pages in the render cache, each keyed by what it shows", () => {
  it('give after an edit the output of a build without the cache', async () => {
    await build({ root: site, outDir: 'before' });
    const file = path.join(site, 'openapi/api.yaml');
    // A schema expanded on one tag page and linked from the others, and one operation's text.
    await writeFile(
      file,
      (await readFile(file, 'utf8'))
        .replace('email: { type: string }', 'email: { type: string, description: Where the signer is reached. }')
        .replace("operationId: 'listThings'", "operationId: 'listThings'\n      description: Lists every thing."),
    );
    await build({ root: site, outDir: 'warm' });
    await build({ root: site, outDir: 'cold', cache: false });
    const warm = await snapshotDir(path.join(site, 'warm'));
    expect(warm).toEqual(await snapshotDir(path.join(site, 'cold')));
    expect(await readFile(path.join(site, 'warm/api/signers-1/index.html'), 'utf8')).toContain(
      'Where the signer is reached.',
    );
  });
});
