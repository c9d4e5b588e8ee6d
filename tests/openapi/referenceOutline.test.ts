import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { referenceOutline } from '../../src/openapi/referenceOutline.ts';
import { referencePages } from '../../src/openapi/referencePages.ts';
import type { ReferencePart } from '../../src/openapi/buildReference.ts';

/** The parts of the reference built (undefined: the whole of it), in order. */
const partsBuilt = vi.hoisted(() => [] as (ReferencePart | undefined)[]);
vi.mock('../../src/openapi/buildReference.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/openapi/buildReference.ts')>();
  return {
    ...original,
    buildApiReference: (...args: Parameters<typeof original.buildApiReference>) => {
      partsBuilt.push(args[3]);
      return original.buildApiReference(...args);
    },
  };
});

// The split fixture: tags Things (listThings, get thing), Signers #1, Überweisungen; a webhook; Bundle and Signer Ü.
let root: string;
let file: string;
let original: string;
beforeAll(async () => {
  root = await writeSplitApiSite();
  file = path.join(root, 'openapi/api.yaml');
  original = await readFile(file, 'utf8');
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The description as the fixture writes it, and again after `edit`: the outline of the first kept. */
async function edited(edit: (yaml: string) => string) {
  await writeFile(file, original);
  const before = await loadOpenApi(file);
  const kept = await referenceOutline(before, { keep: true });
  await writeFile(file, edit(original));
  const after = await loadOpenApi(file);
  partsBuilt.length = 0;
  const again = await referenceOutline(after, { keep: true, previous: before });
  const built = [...partsBuilt];
  return { kept, again, built, whole: await referenceOutline(after) };
}

const operations = (outline: Awaited<ReturnType<typeof referenceOutline>>) =>
  outline.reference.tags.flatMap((tag) => tag.operations);

describe("a split reference's outline after an edit", () => {
  it("builds again only the operations of the path items an edit changed, and equals the whole outline's", async () => {
    const { kept, again, built, whole } = await edited((yaml) =>
      yaml.replace("operationId: 'get thing'", "operationId: 'get thing'\n      description: One thing, by its id."),
    );
    expect(built).toEqual([{ kind: 'tag', tag: 'Things', range: [1, 2] }]);
    expect(again).toEqual(whole);
    expect(operations(again)[1].descriptionHtml).toBe('One thing, by its id.');
    // What the edit did not touch is the kept outline's own item (its digest is not worked out again).
    expect(operations(again)[0]).toBe(operations(kept)[0]);
    expect(again.reference.schemas).toBe(kept.reference.schemas);
  });

  it('makes the samples of the operations it builds again anew, and keeps the others', async () => {
    const { kept, again, whole } = await edited((yaml) =>
      yaml.replace(
        "operationId: 'get thing'",
        "operationId: 'get thing'\n      parameters:\n        - { name: expand, in: query, required: true, schema: { type: string }, example: owner }",
      ),
    );
    expect(operations(again)[1].samplesHtml).toContain('expand=owner');
    expect(operations(kept)[1].samplesHtml).not.toContain('expand=owner');
    expect(again.samples).toEqual(whole.samples);
    expect([...again.samples.values()].filter((samples) => samples.includes('expand=owner'))).toHaveLength(1);
  });

  it('builds the whole outline again when the edit reaches a schema, an operation id or the list of paths', async () => {
    const edits = [
      (yaml: string) => yaml.replace('email: { type: string }', 'email: { type: string, description: Reached. }'),
      (yaml: string) => yaml.replace("operationId: 'get thing'", "operationId: 'getThing'"),
      (yaml: string) =>
        yaml.replace(
          "tags: ['Things']\n      summary: Get a thing",
          "tags: ['Signers #1']\n      summary: Get a thing",
        ),
      (yaml: string) =>
        yaml.replace(
          '  /transfers/:',
          `  /more/:\n    get:\n      responses: { '200': { description: OK } }\n  /transfers/:`,
        ),
    ];
    for (const edit of edits) {
      expect(edit(original)).not.toBe(original);
      const { again, built, whole } = await edited(edit);
      expect(built).toEqual([undefined]);
      expect(again).toEqual(whole);
    }
  });

  it('plans the same pages, with the same digests, as a plan from the whole outline', async () => {
    const thresholds = { splitAbove: 2, splitAboveElements: 18_000 };
    await writeFile(file, original);
    const before = await loadOpenApi(file);
    const later: (() => Promise<void>)[] = [];
    await referencePages(before, thresholds, { later: (work) => later.push(work) });
    await writeFile(file, original.replace('summary: List things', 'summary: List every thing'));
    const after = await loadOpenApi(file);
    partsBuilt.length = 0;
    const planned = await referencePages(after, thresholds, { later: (work) => later.push(work), previous: before });
    expect(partsBuilt).toEqual([{ kind: 'tag', tag: 'Things', range: [0, 1] }]);
    // A plan from the whole outline, with the digests a dev server's plan has (a build without the cache makes none).
    expect(planned).toEqual(await referencePages(after, thresholds, { later: () => undefined }));
    expect(planned.filter((page) => page.kind !== 'overview').every((page) => page.digest !== undefined)).toBe(true);
    expect(later).toEqual([]);
  });
});
