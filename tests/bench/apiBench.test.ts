import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseApiDescriptions } from '../../bench/apiReferenceBench.ts';
import { pickOperations, readingSummary } from '../../bench/operationPicks.ts';
import { descriptionOperations } from '../../src/openapi/referencePages.ts';
import type { OpenApiModel } from '../../src/openapi/openApiModel.ts';

const operation = (operationId?: string) => ({ operation: operationId === undefined ? {} : { operationId } });

describe('the apis section of the bench', () => {
  it('reads --api-descriptions: names with spaces, paths resolved, bundle: marks a description to bundle first', () => {
    expect(
      parseApiDescriptions(
        'Stripe=/d/spec3.yaml, Dropbox Sign=rel/openapi.yaml,Dropbox Sign bundled=bundle:/d/o.yaml,',
      ),
    ).toEqual([
      { name: 'Stripe', file: '/d/spec3.yaml', bundle: false },
      { name: 'Dropbox Sign', file: path.resolve('rel/openapi.yaml'), bundle: false },
      { name: 'Dropbox Sign bundled', file: '/d/o.yaml', bundle: true },
    ]);
    expect(parseApiDescriptions(undefined)).toEqual([]);
    expect(() => parseApiDescriptions('/d/spec3.yaml')).toThrow(/name=path/);
    expect(() => parseApiDescriptions('Stripe=')).toThrow(/name=path/);
  });

  it('opens the first, middle and last operation with an operationId, once each, with both references’ links', () => {
    const picks = pickOperations(['a', undefined, 'b', 'c', 'd', 'e'].map(operation));
    expect(picks.map((pick) => pick.operationId)).toEqual(['a', 'c', 'e']);
    expect(picks[0]).toEqual({ operationId: 'a', docsgenHref: '/api/#operation/a', redocHref: '/#operation/a' });
    expect(pickOperations(['a', 'b'].map(operation)).map((pick) => pick.operationId)).toEqual(['a', 'b']);
    expect(pickOperations(['only'].map(operation)).map((pick) => pick.operationId)).toEqual(['only']);
    expect(pickOperations([operation()])).toEqual([]);
  });

  it('leaves out an operationId written twice, and writes ids holding # and spaces as the references link them', () => {
    const picks = pickOperations(['twice', 'files#get', 'twice', 'list all', 'z'].map(operation));
    expect(picks.map((pick) => pick.operationId)).toEqual(['files#get', 'list all', 'z']);
    expect(picks[0].docsgenHref).toBe('/api/#operation/files%23get');
    expect(picks[0].redocHref).toBe('/#operation/files%23get');
    // docsgen's anchor turns whitespace into `-` (apiAnchors.ts); Redoc takes the id as written.
    expect(picks[1].docsgenHref).toBe('/api/#operation/list-all');
    expect(picks[1].redocHref).toBe('/#operation/list%20all');
  });

  it('takes operations in the order the description writes them, path items and operations by $ref followed', () => {
    const api = {
      document: {
        paths: {
          '/b': { get: { operationId: 'getB' }, post: { $ref: '#/x-ops/postB' } },
          '/a': { $ref: '#/x-items/a' },
        },
        'x-ops': { postB: { operationId: 'postB' } },
        'x-items': { a: { delete: { operationId: 'deleteA' } } },
      },
      parts: {},
    } as unknown as OpenApiModel;
    expect(
      [...descriptionOperations(api)].map(({ path, method, operation }) => [path, method, operation.operationId]),
    ).toEqual([
      ['/b', 'get', 'getB'],
      ['/b', 'post', 'postB'],
      ['/a', 'delete', 'deleteA'],
    ]);
  });

  it('sums the readings as median and range of those seen, and lists the operations never seen', () => {
    const summary = readingSummary([
      { operationId: 'a', firstPaintMs: 300, inViewMs: 900, domNodes: 12_000 },
      { operationId: 'b', failed: 'not in view after 120 s' },
      { operationId: 'c', firstPaintMs: 100, inViewMs: 400, domNodes: 8_000 },
      { operationId: 'd', firstPaintMs: 200, inViewMs: 700, domNodes: 30_000 },
    ]);
    expect(summary).toEqual({
      firstPaintMs: { median: 200, min: 100, max: 300 },
      inViewMs: { median: 700, min: 400, max: 900 },
      domNodes: { median: 12_000, min: 8_000, max: 30_000 },
      failed: ['b: not in view after 120 s'],
    });
    expect(readingSummary([{ operationId: 'b', failed: 'x' }])).toEqual({
      firstPaintMs: undefined,
      inViewMs: undefined,
      domNodes: undefined,
      failed: ['b: x'],
    });
  });
});
