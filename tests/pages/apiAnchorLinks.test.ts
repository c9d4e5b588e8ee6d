import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { docsgen } from '../helpers/cli.ts';

/**
 * Authors write links between the parts of their reference as anchors (`#tag/Domain-Records`,
 * `#operation/create_knowledge_base_data_source`: DigitalOcean's), which on a reference of one
 * page arrive. Once the reference is split, the description is shown on one page and the anchor is
 * on another: the link has to name that page.
 */
let site: string;
beforeAll(async () => {
  site = await writeSplitApiSite();
  const description = path.join(site, 'openapi/api.yaml');
  const links = [
    '[the things](#tag/Things)',
    '[listing them](#operation/listThings)',
    '[this one](#operation/signer%23create)',
    '[transfers](#operation/überweisungenListe)',
    '[the bundle](#schema/Bundle)',
    "[the author's own anchor](#parameter-fields)",
  ];
  await writeFile(
    description,
    (await readFile(description, 'utf8')).replace(
      'summary: Create a signer',
      `summary: Create a signer\n      description: ${JSON.stringify(`See ${links.join(', ')}.`)}`,
    ),
  );
  const { code, stderr } = await docsgen(['build'], site);
  expect(stderr).toBe('');
  expect(code).toBe(0);
}, 120_000);
afterAll(() => rm(site, { recursive: true, force: true }));

describe("a description's link to an anchor of a split reference", () => {
  it('leads to the page that holds the anchor, and stays as written for one on its own page or none', async () => {
    const html = await readFile(path.join(site, 'dist/api/signers-1/index.html'), 'utf8');
    const hrefs = [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)]
      .filter(([, , text]) => /things|listing|this one|transfers|bundle|own anchor/.test(text))
      .map(([, href]) => href);
    expect(hrefs).toEqual([
      '/api/things/#tag/Things',
      '/api/things/#operation/listThings',
      '#operation/signer%23create',
      '/api/berweisungen/#operation/%C3%BCberweisungenListe',
      '/api/schemas/#schema/Bundle',
      '#parameter-fields',
    ]);
  });

  it('is found by check-links, which reports only the anchor the reference does not have', async () => {
    const { code, stdout } = await docsgen(['check-links'], site);
    expect(stdout).toMatch(/broken link \(missing anchor\) to \/api\/signers-1\/#parameter-fields/);
    expect(stdout).toMatch(/^1 broken link in /m);
    expect(code).toBe(1);
  }, 120_000);
});
