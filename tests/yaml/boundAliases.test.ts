import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { discoverPages, readPage } from '../../src/content/discoverPages.ts';
import { DocsgenError } from '../../src/errors.ts';

/** Nine levels of ten aliases: 10⁹ nodes once expanded, written in ~600 bytes. */
const aliasBomb = (indent: string) =>
  [`${indent}a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]`]
    .concat(
      Array.from({ length: 8 }, (_, i) => `${indent}a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
    )
    .join('\n');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-aliases-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs `read`, which must fail with a located DocsgenError without growing the process much: the
 * bound counts nodes, not time (a bomb that expanded would need gigabytes, or hang the test).
 */
async function failure(read: () => Promise<unknown>): Promise<{ message: string }> {
  const error = await read().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DocsgenError);
  // Peak RSS of this test process, in KB: a bomb once expanded needs gigabytes.
  expect(process.resourceUsage().maxRSS).toBeLessThan(1024 * 1024);
  return { message: (error as DocsgenError).format() };
}

describe('YAML aliases are bounded wherever YAML is read, with the alias located', () => {
  it('an alias bomb in the OpenAPI file fails, bounded', async () => {
    const file = path.join(dir, 'bomb.yaml');
    await writeFile(
      file,
      `openapi: 3.1.0\ninfo:\n  title: Bomb\n  version: 1.0.0\nx-bomb:\n${aliasBomb('  ')}\npaths: {}\n`,
    );
    const { message } = await failure(() => loadOpenApi(file));
    expect(message).toMatch(
      /bomb\.yaml:10:\d+: YAML aliases expand the document by more than 100000 nodes \(an alias bomb\)\n {4}a4: &a4 \[/,
    );
  });

  it('an alias cycle in the OpenAPI file fails at the alias', async () => {
    const file = path.join(dir, 'cycle.yaml');
    await writeFile(
      file,
      'openapi: 3.1.0\ninfo:\n  title: Cycle\n  version: 1.0.0\n  x-loop: &loop\n    - next: *loop\npaths: {}\n',
    );
    const { message } = await failure(() => loadOpenApi(file));
    expect(message).toMatch(
      /cycle\.yaml:6:13: YAML alias refers to a node that contains it \(an alias cycle\)\n {4}- next: \*loop/,
    );
  });

  it('an alias bomb in front matter fails, bounded', async () => {
    const { message } = await failure(async () =>
      readPage(`---\ntitle: Bomb\nx:\n${aliasBomb('  ')}\n---\n\nBody.\n`, '/c/docs/bomb.md', 'bomb.md', new Map()),
    );
    expect(message).toMatch(/^\/c\/docs\/bomb\.md:8:\d+: YAML aliases expand the document by more than 100000 nodes/);
  });

  it('an alias bomb in a category file fails, bounded', async () => {
    const docs = path.join(dir, 'docs');
    await rm(docs, { recursive: true, force: true });
    await (await import('node:fs/promises')).mkdir(path.join(docs, 'guide'), { recursive: true });
    await writeFile(path.join(docs, 'guide', '_category_.yml'), `label: Guide\n${aliasBomb('')}\n`);
    // A mistake in a file is collected with the others', not thrown.
    const { message } = await failure(async () => {
      throw (await discoverPages(docs, new Map())).errors[0];
    });
    expect(message).toMatch(/_category_\.yml:6:\d+: YAML aliases expand the document by more than 100000 nodes/);
  });

  it('a document that shares nodes through a few aliases still loads', async () => {
    const file = path.join(dir, 'shared.yaml');
    const error = { type: 'object', properties: { code: { type: 'string' } } };
    await writeFile(
      file,
      `openapi: 3.1.0\ninfo: { title: Shared, version: 1.0.0 }\nx-error: &error ${JSON.stringify(error)}\nx-uses: [${Array(500).fill('*error').join(', ')}]\npaths: {}\n`,
    );
    const api = await loadOpenApi(file);
    expect(api.document['x-uses']).toHaveLength(500);
    expect(api.document['x-uses'][499]).toEqual(error);
  });
});
