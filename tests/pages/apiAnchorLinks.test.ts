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
/** The description as written, and what its build printed and ended with. */
let source: string;
let built: number;
let buildErrors: string;
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
  // Box repeats `[fields](#parameter-fields)` in many descriptions; Stripe writes its anchors in
  // HTML, and some in a schema's description, which every page showing the schema repeats.
  const transfers = [
    'Lists the transfers made.',
    '',
    'Use the [fields](#parameter-fields) or <a href="#pay_invoice">pay</a> it.',
  ];
  source = (await readFile(description, 'utf8'))
    .replace(
      'summary: Create a signer',
      `summary: Create a signer\n      description: ${JSON.stringify(`See ${links.join(', ')}.`)}`,
    )
    .replace('id: { type: string }', "id: { type: string, description: 'Its [id](#object-ids), as given.' }")
    .replace(
      'summary: List transfers',
      `summary: List transfers\n      description: ${JSON.stringify(transfers.join('\n'))}`,
    );
  await writeFile(description, source);
  ({ code: built, stderr: buildErrors } = await docsgen(['build'], site));
}, 120_000);
afterAll(() => rm(site, { recursive: true, force: true }));

/** Where `written` is written in the description, the `occurrence`th time (1-based): `openapi/api.yaml:line:column`. */
const placeOf = (written: string, occurrence = 1) => {
  let at = -1;
  for (let count = 0; count < occurrence; count++) at = source.indexOf(written, at + 1);
  const before = source.slice(0, at);
  return `openapi/api.yaml:${before.split('\n').length}:${at - before.lastIndexOf('\n')}`;
};

/** The warnings for the anchors the reference does not have, each where the description writes it, once. */
const expectedWarnings = () => [
  `warning: ${placeOf('#object-ids')}: broken link (missing anchor) to /api/things/#object-ids`,
  `warning: ${placeOf('#parameter-fields')}: broken link (missing anchor) to /api/signers-1/#parameter-fields`,
  `warning: ${placeOf('#parameter-fields', 2)}: broken link (missing anchor) to /api/berweisungen/#parameter-fields`,
  `warning: ${placeOf('#pay_invoice')}: broken link (missing anchor) to /api/berweisungen/#pay_invoice`,
];
const warningLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('warning: '))
    .map((line) => line.replace(/; did you mean .*/, ''));

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
});

describe("a description's link to an anchor the reference does not have", () => {
  it('is a warning of the build, at its place in the description, and the build goes on', () => {
    expect(warningLines(buildErrors)).toEqual(expectedWarnings());
    expect(buildErrors.split('\n').filter((line) => line && !line.startsWith('warning: '))).toEqual([]);
    expect(built).toBe(0);
  });

  it('is the same warning of check-links, which does not fail on it', async () => {
    const { code, stdout } = await docsgen(['check-links'], site);
    expect(warningLines(stdout)).toEqual(expectedWarnings());
    expect(stdout).toMatch(/^No broken links in .*, 4 warnings\.$/m);
    expect(code).toBe(0);
  }, 120_000);
});
