import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { build } from '../../src/build/build.ts';

/**
 * A description of several files (DigitalOcean's: 2,850) writes most of its texts in the files the
 * root refers to; a broken link there is fixed there, so it is reported there.
 */
let site: string;
const nested = 'openapi/paths/transfers.yaml';
const nestedSource = `get:
  operationId: 'überweisungenListe'
  tags: ['Überweisungen']
  summary: List transfers
  description: |
    Lists the transfers made. Use the [fields](#parameter-fields)
    or read [the payouts](/docs/payouts/).
  responses:
    '200':
      description: OK
      content:
        application/json:
          schema: { $ref: '../api.yaml#/components/schemas/Bundle' }
`;
const lines: string[] = [];
beforeAll(async () => {
  site = await writeSplitApiSite();
  const root = path.join(site, 'openapi/api.yaml');
  const source = await readFile(root, 'utf8');
  const transfers = /^ {2}\/transfers\/:\n(?: {4}.*\n)+/m;
  expect(source).toMatch(transfers);
  await writeFile(root, source.replace(transfers, "  /transfers/:\n    $ref: './paths/transfers.yaml'\n"));
  await mkdir(path.dirname(path.join(site, nested)), { recursive: true });
  await writeFile(path.join(site, nested), nestedSource);
  await build({ root: site, cache: false, onBrokenLinks: 'warn', log: (line) => lines.push(line) });
});
afterAll(() => rm(site, { recursive: true, force: true }));

/** Where `written` is in the nested file: `openapi/paths/transfers.yaml:line:column`. */
const placeOf = (written: string) => {
  const before = nestedSource.slice(0, nestedSource.indexOf(written));
  return `${nested}:${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
};

describe('a broken link written in a file of a description the root file refers to', () => {
  it('is reported at its place in that file', () => {
    expect(
      lines.filter((line) => line.includes('broken link')).map((line) => line.replace(/; did you mean .*/, '')),
    ).toEqual([
      `warning: ${placeOf('#parameter-fields')}: broken link (missing anchor) to /api/berweisungen/#parameter-fields`,
      `warning: ${placeOf('/docs/payouts/')}: broken link (missing page) to /docs/payouts/`,
    ]);
  });
});
