import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/links/checkLinks.ts';

/** A page of guides and a reference page of GitHub's shape (an operationId with `/`, ids made inside operations). */
const pages = new Map([
  ['/docs/intro/', new Set(['overview', 'parameter-fieldz'])],
  ['/api/actions/2/', new Set<string>()],
  ['/api/reactions/', new Set<string>()],
  [
    '/api/repos/',
    new Set([
      'operation/repos/get',
      'operation/repos/get-title',
      'operation/repos/get/tabs-0-tab-1',
      'operation/repos/list',
      'schema/repository',
      'parameter-fieldz',
    ]),
  ],
]);
const link = (href: string, description?: boolean) => ({
  file: '/project/openapi/api.json',
  line: 0,
  column: 0,
  href,
  ...(description && { description: { written: href.slice(href.indexOf('#')), near: 'Gets a repository.' } }),
});
const suggestions = (links: ReturnType<typeof link>[]) =>
  checkLinks(links, pages, new Set()).map((broken) => broken.suggestion);

describe('the "did you mean" of a broken link', () => {
  it('names a page only when it is close enough to be a typo', () => {
    expect(
      suggestions([
        link('/rest/actions/workflow-runs#cancel-a-workflow-run'),
        link('/actions/reference/environments'),
        link('/docs/intr/'),
      ]),
    ).toEqual([undefined, undefined, '/docs/intro/']);
  });

  it("names an anchor only when it is close enough, and for a description's link one of the reference's sections", () => {
    expect(
      suggestions([
        link('/docs/intro/#overveiw'),
        link('/docs/intro/#parameter-fields'),
        link('/api/repos/#operation/repos/gte', true),
        link('/api/repos/#schema/repositroy', true),
        link('/api/repos/#parameter-fields', true),
        link('/api/repos/#operation/repos/get/tabs-0-tab-2', true),
      ]),
    ).toEqual([
      '/docs/intro/#overview',
      '/docs/intro/#parameter-fieldz',
      '/api/repos/#operation/repos/get',
      '/api/repos/#schema/repository',
      undefined,
      // Not the id one edit away, made inside the operation: the operation is too far.
      undefined,
    ]);
  });
});
