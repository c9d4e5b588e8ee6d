import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/links/checkLinks.ts';

let dir: string;
let yamlFile: string;
let jsonFile: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-links-'));
  yamlFile = path.join(dir, 'api.yaml');
  jsonFile = path.join(dir, 'api.json');
  await writeFile(
    yamlFile,
    [
      'openapi: 3.0.3',
      'info:',
      '  description: >-',
      '    See https://stripe.example/docs/disputes for the',
      '    [guide](/docs/disputes) and [charges](/docs/disputes/charges).',
      '',
    ].join('\n'),
  );
  await writeFile(jsonFile, '{\n  "description": "Read [the guide](\\/docs\\/gone)."\n}\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const pages = new Map([['/docs/intro/', new Set<string>()]]);
/** A link from the API reference, which renders description texts without their place in the file. */
const unplaced = (file: string, href: string) => ({ file, line: 0, column: 0, href });

describe('a broken link in an OpenAPI description', () => {
  it('is reported where the file first writes it whole, not inside a longer URL', () => {
    const [disputes, charges] = checkLinks(
      [unplaced(yamlFile, '/docs/disputes'), unplaced(yamlFile, '/docs/disputes/charges')],
      pages,
      new Set(),
    );
    expect(disputes).toMatchObject({ line: 5, column: 13, reason: 'missing page' });
    expect(charges).toMatchObject({ line: 5, column: 43 });
  });

  it('is found with JSON’s escaped slashes, and stays unplaced when the file does not write it', () => {
    const [gone, nowhere] = checkLinks(
      [unplaced(jsonFile, '/docs/gone'), unplaced(jsonFile, '/docs/nowhere')],
      pages,
      new Set(),
    );
    expect(gone).toMatchObject({ line: 2, column: 36 });
    expect(nowhere).toMatchObject({ line: 0, column: 0 });
  });
});
