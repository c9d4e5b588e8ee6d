import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { referencePages } from '../../src/openapi/referencePages.ts';
import { schemaTreesOf } from '../../src/openapi/referenceOutline.ts';
import { pageReference } from '../../src/openapi/pageReference.ts';
import type { RenderFragment } from '../../src/openapi/operationParts.ts';

/**
 * The outline a split reference is planned from walks every schema; the pages planned in the same
 * thread take its trees (their Markdown rendered) instead of walking the schemas again. A page
 * must come out as it does when it walks them itself: same reference, same fragments rendered in
 * the same order (a page's links are collected in that order).
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'schema-trees-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const operation = (id: string, tag: string, body: string) => `      operationId: ${id}
      tags: [${tag}]
      parameters:
        - name: kind
          in: query
          description: Which *kind*.
          schema: { type: string, enum: [a, b], description: The kind's name. }
      requestBody:
        content:
          application/json:
            schema: ${body}
      responses:
        '200':
          description: |
            Done.

            The rest.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Bundle' }
            text/plain:
              schema: { type: string, description: The bundle as text. }
`;

const description = (bodies: [string, string]) => `openapi: 3.1.0
info: { title: Trees, version: 1.0.0 }
tags: [{ name: Things }, { name: Others }]
paths:
  /things:
    post:
${operation('makeThing', 'Things', bodies[0])}
  /others:
    post:
${operation('makeOther', 'Others', bodies[1])}
webhooks:
  made:
    post:
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Bundle' }
      responses:
        '200': { description: Received }
components:
  schemas:
    Bundle:
      description: Things sent **together**.
      allOf:
        - { $ref: '#/components/schemas/Base' }
        - type: object
          required: [pet]
          properties:
            pet:
              description: One of two.
              oneOf:
                - { $ref: '#/components/schemas/Cat' }
                - { type: object, title: Dog, properties: { bark: { type: string, description: How loud. } } }
              discriminator: { propertyName: kind }
            secret: { type: string, writeOnly: true, description: Sent, never shown back. }
            made: { type: string, readOnly: true, description: When. }
    Base:
      type: object
      properties:
        id: { type: string, description: Its id. }
    Cat:
      type: object
      properties:
        kind: { type: string, description: Always cat. }
`;

/** A renderer that takes a turn before answering, as the page's does, and records what it was asked. */
function recording(): { render: RenderFragment; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    render: async (markdown, headingsBelow = 3) => {
      asked.push(`${headingsBelow} ${markdown}`);
      await new Promise((resolve) => setImmediate(resolve));
      return `<p>${markdown}</p>`;
    },
  };
}

/** Every page of the description in `file`, split, built in the planning thread: the references and the fragments asked for. */
async function builtPages(file: string, { walk }: { walk: boolean }) {
  const api = await loadOpenApi(file);
  const plan = await referencePages(api, { splitAbove: 1, splitAboveElements: Infinity });
  const pages = plan.map((page) => ({ ...page, href: page.route }));
  const trees = schemaTreesOf(api);
  // A page that finds no tree walks its schemas.
  if (walk) trees?.take.clear();
  const { render, asked } = recording();
  const built = [];
  for (const page of pages) built.push(await pageReference(api, render, { downloads: [] }, page, pages));
  return { built, asked, kept: trees?.take.size, pages: plan.length };
}

describe("a split reference's schema trees", () => {
  it('are walked once, by the outline, and each page takes its own: the pages are as when they walk them', async () => {
    const file = path.join(dir, 'named.yaml');
    await writeFile(file, description(["{ $ref: '#/components/schemas/Bundle' }", '{ type: object }']));
    const taken = await builtPages(file, { walk: false });
    const walked = await builtPages(file, { walk: true });
    expect(taken.pages).toBeGreaterThan(3);
    // Every tree the outline kept was taken by a page.
    expect(taken.kept).toBe(0);
    expect(taken.built).toEqual(walked.built);
    expect(taken.asked).toEqual(walked.asked);
    expect(taken.asked.some((asked) => asked.endsWith('How loud.'))).toBe(true);
  });

  it('are not kept when the outline named a schema only a `$ref` reaches: a page that knows the name links it', async () => {
    // Met first as a body (not named there), then as a property (named `thing`): walked again on
    // its page, the body links it by that name.
    await writeFile(path.join(dir, 'thing.yaml'), 'type: object\nproperties:\n  size: { type: integer }\n');
    const file = path.join(dir, 'unnamed.yaml');
    await writeFile(
      file,
      description(["{ $ref: './thing.yaml' }", "{ type: object, properties: { thing: { $ref: './thing.yaml' } } }"]),
    );
    const taken = await builtPages(file, { walk: false });
    const walked = await builtPages(file, { walk: true });
    expect(taken.built).toEqual(walked.built);
    expect(taken.kept).toBeUndefined();
    const body = taken.built.flatMap((part) => part.tags).find((tag) => tag.name === 'Things')!.operations[0]
      .requestBodies[0].schema;
    expect(body.refName).toBe('thing');
  });
});
