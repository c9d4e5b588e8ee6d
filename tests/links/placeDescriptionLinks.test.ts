import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashOf } from '../../src/cache/renderCache.ts';
import { checkLinks } from '../../src/links/checkLinks.ts';
import { placeDescriptionLinks, placeDescriptionLinksKept } from '../../src/links/placeDescriptionLinks.ts';

const yamlFile = '/project/openapi/api.yaml';
const jsonFile = '/project/openapi/api.json';
const nestedFile = '/project/openapi/paths/disputes.yaml';
const yaml = [
  'openapi: 3.0.3',
  'info:',
  '  description: >-',
  '    See https://stripe.example/docs/disputes for the',
  '    [guide](/docs/disputes) and [charges](/docs/disputes/charges).',
  'paths:',
  "  /disputes: { $ref: './paths/disputes.yaml' }",
  '',
].join('\n');
const nested = [
  'get:',
  '  description: |',
  '    Lists the disputes. Read the [fields](#parameter-fields)',
  '    and [the payout guide](/docs/payouts).',
  '',
].join('\n');
/** The descriptions' files as loaded, the root first. */
const sources = new Map([
  [
    yamlFile,
    [
      { file: yamlFile, source: yaml },
      { file: nestedFile, source: nested },
    ],
  ],
  [jsonFile, [{ file: jsonFile, source: '{\n  "description": "Read [the guide](\\/docs\\/gone)."\n}\n' }]],
]);

const pages = new Map([
  ['/docs/intro/', new Set<string>()],
  ['/api/disputes/', new Set<string>()],
]);
/** A link from the API reference, which renders description texts without their place in the file. */
const unplaced = (file: string, href: string, description?: { written: string; near: string }) => ({
  file,
  line: 0,
  column: 0,
  href,
  ...(description && { description }),
});
const placed = (links: ReturnType<typeof unplaced>[]) =>
  placeDescriptionLinks(checkLinks(links, pages, new Set()), sources);

describe('a broken link in an OpenAPI description', () => {
  it('is reported where the file first writes it whole, not inside a longer URL', () => {
    const [disputes, charges] = placed([
      unplaced(yamlFile, '/docs/disputes'),
      unplaced(yamlFile, '/docs/disputes/charges'),
    ]);
    expect(disputes).toMatchObject({ file: yamlFile, line: 5, column: 13, reason: 'missing page' });
    expect(charges).toMatchObject({ file: yamlFile, line: 5, column: 43 });
  });

  it('is found with JSON’s escaped slashes, and stays unplaced when the file does not write it', () => {
    const [gone, nowhere] = placed([unplaced(jsonFile, '/docs/gone'), unplaced(jsonFile, '/docs/nowhere')]);
    expect(gone).toMatchObject({ line: 2, column: 36 });
    expect(nowhere).toMatchObject({ file: jsonFile, line: 0, column: 0 });
  });

  it('written in a file the root file refers to, is reported in that file', () => {
    const [fields, payouts] = placed([
      unplaced(yamlFile, '/api/disputes/#parameter-fields', {
        written: '#parameter-fields',
        near: 'Lists the disputes. Read the [fields](#parameter-fields)',
      }),
      unplaced(yamlFile, '/docs/payouts'),
    ]);
    expect(fields).toMatchObject({ file: nestedFile, line: 3, column: 43, reason: 'missing anchor' });
    expect(payouts).toMatchObject({ file: nestedFile, line: 4, column: 28, reason: 'missing page' });
  });
});

describe("a description's broken links placed with the render cache", () => {
  /** A description of one file whose text counts how often it is read. */
  const counted = (file: string, text: string) => {
    const read = { count: 0 };
    const entry = {
      file,
      digest: hashOf(text),
      get source() {
        read.count++;
        return text;
      },
    };
    return { sources: new Map([[file, [entry]]]), read };
  };
  const links = (file: string) =>
    checkLinks(
      [unplaced(file, '/docs/disputes'), unplaced(file, '/docs/gone'), { ...unplaced(file, '/docs/placed'), line: 3 }],
      pages,
      new Set(),
    );

  it('are where placeDescriptionLinks puts them; an unchanged description is not read again', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-places-'));
    try {
      const first = counted(yamlFile, yaml);
      const expected = placeDescriptionLinks(links(yamlFile), first.sources);
      expect(expected[0]).toMatchObject({ line: 5, column: 13 });
      expect(await placeDescriptionLinksKept(links(yamlFile), first.sources, cacheDir)).toEqual(expected);
      const again = counted(yamlFile, yaml);
      expect(await placeDescriptionLinksKept(links(yamlFile), again.sources, cacheDir)).toEqual(expected);
      expect(again.read.count).toBe(0);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('are placed again in a description that changed', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-places-'));
    try {
      await placeDescriptionLinksKept(links(yamlFile), counted(yamlFile, yaml).sources, cacheDir);
      const edited = counted(yamlFile, `# A first line written since.\n${yaml}`);
      const [disputes] = await placeDescriptionLinksKept(links(yamlFile), edited.sources, cacheDir);
      expect(disputes).toMatchObject({ file: yamlFile, line: 6, column: 13 });
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('read no description when every link has its place', async () => {
    const { sources, read } = counted(yamlFile, yaml);
    const placedAlready = checkLinks([{ ...unplaced(yamlFile, '/docs/gone'), line: 2 }], pages, new Set());
    expect(await placeDescriptionLinksKept(placedAlready, sources, undefined)).toEqual(placedAlready);
    expect(read.count).toBe(0);
  });
});
