import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { pageSizes, referencePages } from '../../src/openapi/referencePages.ts';
import { descriptionWriter } from '../helpers/apiReference.ts';

const writeDescription = descriptionWriter('docsgen-pages-');
/** No element budget: the operations alone decide. */
const splitAboveElements = Infinity;

describe('the pages of a split reference', () => {
  it('cut a tag, the webhooks and the schemas into pages of a bounded size, in the reference order', async () => {
    const operations = pageSizes.operations * 2 + 5;
    const paths = Array.from(
      { length: operations },
      (_, index) =>
        `  /r${index}:\n    get:\n      operationId: op${index}\n      tags: [repos]\n      responses: { '200': { description: OK } }\n`,
    ).join('');
    const webhooks = Array.from(
      { length: pageSizes.webhooks + 1 },
      (_, index) => `  w${index}:\n    post:\n      responses: { '200': { description: OK } }\n`,
    ).join('');
    const file = await writeDescription(
      `openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths:\n  /one:\n    get:\n      tags: [meta]\n      responses: { '200': { description: OK } }\n${paths}webhooks:\n${webhooks}components:\n  schemas:\n    A: { type: string }\n`,
    );
    const pages = await referencePages(await loadOpenApi(file), { splitAbove: 10, splitAboveElements });
    expect(pages.map(({ route, label, range }) => [route, label, range])).toEqual([
      ['/api/', 'Overview', undefined],
      ['/api/meta/', 'meta', [0, 1]],
      ['/api/repos/', 'repos', [0, pageSizes.operations]],
      ['/api/repos/2/', 'repos (2)', [pageSizes.operations, pageSizes.operations * 2]],
      ['/api/repos/3/', 'repos (3)', [pageSizes.operations * 2, operations]],
      ['/api/webhooks/', 'Webhooks sent to you', [0, pageSizes.webhooks]],
      ['/api/webhooks/2/', 'Webhooks sent to you (2)', [pageSizes.webhooks, pageSizes.webhooks + 1]],
      ['/api/schemas/', 'Schemas', [0, 1]],
    ]);
    expect(
      (await referencePages(await loadOpenApi(file), { splitAbove: operations + 1, splitAboveElements })).map(
        ({ route, kind }) => [route, kind],
      ),
    ).toEqual([['/api/', 'whole']]);
    // An older version's reference: the same pages below its prefix.
    expect(
      (
        await referencePages(await loadOpenApi(file), { splitAbove: 10, splitAboveElements }, { base: '/api/1.0/' })
      ).map(({ route }) => route),
    ).toEqual(pages.map(({ route }) => route.replace('/api/', '/api/1.0/')));
  });
  it('split a reference of few operations when its schemas and examples make too many elements for one page', async () => {
    // Two operations; a schema of 1,000 properties (~5,500 elements) and an example of 1,000 lines (~4,500).
    const properties = Array.from({ length: 1000 }, (_, index) => `        p${index}: { type: string }\n`).join('');
    const example = Array.from({ length: 1000 }, (_, index) => `                - line ${index}\n`).join('');
    const huge = await writeDescription(
      `openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths:\n  /a:\n    get:\n      tags: [a]\n      responses: { '200': { description: OK } }\n  /b:\n    post:\n      tags: [b]\n      requestBody:\n        content:\n          application/json:\n            schema: { $ref: '#/components/schemas/Big' }\n            example:\n              lines:\n${example}      responses: { '200': { description: OK } }\ncomponents:\n  schemas:\n    Big:\n      type: object\n      properties:\n${properties}`,
    );
    const small = await writeDescription(
      `openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths:\n  /a:\n    get:\n      tags: [a]\n      responses: { '200': { description: OK } }\n`,
    );
    const routes = async (file: string, budget: number) =>
      (await referencePages(await loadOpenApi(file), { splitAbove: 80, splitAboveElements: budget })).map(
        ({ route, kind }) => [route, kind],
      );
    expect(await routes(huge, 10_000)).toEqual([
      ['/api/', 'overview'],
      ['/api/a/', 'tag'],
      ['/api/b/', 'tag'],
      ['/api/schemas/', 'schemas'],
    ]);
    expect(await routes(huge, 30_000)).toEqual([['/api/', 'whole']]);
    expect(await routes(small, 10_000)).toEqual([['/api/', 'whole']]);
  });
  it('give a tag named Webhooks the route webhooks/ when there are no webhooks, and webhooks-2/ beside them', async () => {
    const paths = `paths:\n  /a:\n    get:\n      tags: [Webhooks]\n      responses: { '200': { description: OK } }\n`;
    const webhooks = `webhooks:\n  w:\n    post:\n      responses: { '200': { description: OK } }\n`;
    const routes = async (description: string) =>
      (
        await referencePages(await loadOpenApi(await writeDescription(description)), {
          splitAbove: 0,
          splitAboveElements,
        })
      ).map(({ route, kind }) => [route, kind]);
    const head = 'openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\n';
    expect(await routes(head + paths)).toEqual([
      ['/api/', 'overview'],
      ['/api/webhooks/', 'tag'],
      ['/api/schemas/', 'schemas'],
    ]);
    expect(await routes(head + paths + webhooks)).toEqual([
      ['/api/', 'overview'],
      ['/api/webhooks-2/', 'tag'],
      ['/api/webhooks/', 'webhooks'],
      ['/api/schemas/', 'schemas'],
    ]);
  });
  it('cut a page by the elements its items make, so that a few enormous schemas do not share one page', async () => {
    // Four schemas of 1,000 properties: ~5,500 elements each, four times what a page of 60 small ones makes.
    const properties = Array.from({ length: 1000 }, (_, index) => `        p${index}: { type: string }\n`).join('');
    const schemas = ['A', 'B', 'C', 'D']
      .map((name) => `    ${name}:\n      type: object\n      properties:\n${properties}`)
      .join('');
    const paths = Array.from(
      { length: 3 },
      (_, index) => `  /r${index}:\n    get:\n      responses: { '200': { description: OK } }\n`,
    ).join('');
    const file = await writeDescription(
      `openapi: 3.1.0\ninfo: { title: T, version: 1.0.0 }\npaths:\n${paths}components:\n  schemas:\n${schemas}`,
    );
    const pages = (await referencePages(await loadOpenApi(file), { splitAbove: 2, splitAboveElements })).filter(
      (page) => page.kind === 'schemas',
    );
    expect(pages.map(({ route, range }) => [route, range])).toEqual([
      ['/api/schemas/', [0, 3]],
      ['/api/schemas/2/', [3, 4]],
    ]);
  });
});
