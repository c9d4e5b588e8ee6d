import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';

const sites: string[] = [];
let split: string;
let whole: string;

/** The split fixture's llms.txt, built (its reference on one page when `onePage`). */
async function builtLlmsTxt(onePage: boolean): Promise<string> {
  const site = await writeSplitApiSite();
  sites.push(site);
  if (onePage) {
    const config = path.join(site, 'docsgen.config.ts');
    const text = await readFile(config, 'utf8');
    expect(text).toContain('splitAbove: 2');
    await writeFile(config, text.replace('splitAbove: 2', 'splitAbove: 100'));
  }
  const outDir = path.join(site, 'dist');
  await build({ root: site, outDir });
  return readFile(path.join(outDir, 'llms.txt'), 'utf8');
}

beforeAll(async () => {
  split = await builtLlmsTxt(false);
  whole = await builtLlmsTxt(true);
}, 300_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => rm(site, { recursive: true, force: true })));
});

/** The entries of llms.txt's `## API reference` section. */
const referenceSection = (text: string) =>
  text.split('\n## API reference\n\n')[1].split('\n\n')[0].trimEnd().split('\n');

describe("llms.txt's API reference", () => {
  it('lists the one page of a reference on one page, and its downloads', () => {
    expect(referenceSection(whole)).toEqual([
      '- [API reference](https://docs.fixture.example/api/): every endpoint, parameter, schema and webhook, with code samples, on one page',
      '- [OpenAPI (YAML)](https://docs.fixture.example/api/api.yaml): the OpenAPI description the reference is built from',
      '- [OpenAPI (JSON)](https://docs.fixture.example/api/api.json): the same description as JSON',
    ]);
  });

  it('lists every page of a split reference, in its order, each where it is served', () => {
    expect(referenceSection(split)).toEqual([
      "- [API reference](https://docs.fixture.example/api/): the overview: the API's introduction, then its 5 pages, listed below",
      '- [API reference: Things](https://docs.fixture.example/api/things/): the Things operations, with their parameters, bodies, responses and code samples',
      '- [API reference: Signers #1](https://docs.fixture.example/api/signers-1/): the Signers #1 operations, with their parameters, bodies, responses and code samples',
      '- [API reference: Überweisungen](https://docs.fixture.example/api/berweisungen/): the Überweisungen operations, with their parameters, bodies, responses and code samples',
      '- [API reference: Webhooks sent to you](https://docs.fixture.example/api/webhooks/): the webhooks the API sends, with their payloads',
      '- [API reference: Schemas](https://docs.fixture.example/api/schemas/): the named schemas the operations and webhooks refer to',
      '- [OpenAPI (YAML)](https://docs.fixture.example/api/api.yaml): the OpenAPI description the reference is built from',
      '- [OpenAPI (JSON)](https://docs.fixture.example/api/api.json): the same description as JSON',
    ]);
  });
});
