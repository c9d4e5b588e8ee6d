import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/discoverPages.ts';
import { assertRoutesUnique, pageRoute } from '../../src/content/pageRoute.ts';
import { substituteVariables } from '../../src/content/variables.ts';
import { buildSidebar, flattenSidebar, type SidebarPage } from '../../src/content/buildSidebar.ts';
import { sidebarTrail } from '../../src/site/sidebarIndex.ts';
import { DocsgenError } from '../../src/errors.ts';

const variables = new Map([
  ['product', 'Acme Sign'],
  ['productSlug', 'acme-sign'],
]);

function errorOf(run: () => unknown): DocsgenError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DocsgenError);
    return error as DocsgenError;
  }
  throw new Error('expected an error');
}

describe('routes', () => {
  it.each([
    ['intro.md', undefined, '/docs/intro/'],
    ['guide/index.md', undefined, '/docs/guide/'],
    ['guide/step-one.md', undefined, '/docs/guide/step-one/'],
    ['libraries/postman_collection.md', undefined, '/docs/libraries/postman_collection/'],
    ['how-to/mcp.md', 'acme-sign-mcp-server', '/docs/how-to/acme-sign-mcp-server/'],
    ['how-to/mcp.md', '/elsewhere/mcp', '/docs/elsewhere/mcp/'],
  ])('%s with slug %s → %s', (relativePath, slug, route) => {
    expect(pageRoute({ relativePath, file: `/c/docs/${relativePath}`, slug })).toBe(route);
  });

  it.each([
    [
      'a slug leaving the output folder',
      'guide/step.md',
      '/../../../owned/',
      /slug "\/\.\.\/\.\.\/\.\.\/owned\/" cannot be a route: its segment "\.\." would be resolved away/,
    ],
    ["a slug taking another page's place", 'guide/step.md', '/./intro/', /its segment "\." would be resolved away/],
    ['a relative slug going up', 'guide/step.md', '../../x', /its segment "\.\." would be resolved away/],
    ['a NUL in a slug', 'guide/step.md', '/a\0b/', /its segment "a\\u0000b" holds the control character U\+0000/],
    ['a newline in a slug', 'guide/step.md', 'a\nb', /holds the control character U\+000A/],
    [
      'a # in a slug',
      'guide/step.md',
      'a#b',
      /holds "#", which a URL cannot carry as it is \(it starts the fragment\)/,
    ],
    [
      'a backslash in a slug',
      'guide/step.md',
      '/a\\..\\b',
      /holds "\\", which a URL cannot carry as it is \(browsers read it as "\/"\)/,
    ],
  ])('refuses %s at the slug', (_name, relativePath, slug, message) => {
    const slugAt = { location: { file: '/c/docs/guide/step.md', line: 3, column: 7 }, excerpt: `slug: ${slug}` };
    const error = errorOf(() => pageRoute({ relativePath, file: '/c/docs/guide/step.md', slug, slugAt }));
    expect(error.message).toMatch(message);
    expect(error.location).toEqual(slugAt.location);
  });

  it.each([
    ['..md', /the path \.\.md cannot be a route: its segment "\." would be resolved away/],
    ['guide/...md', /its segment "\.\." would be resolved away/],
    [
      'a#b.md',
      /its segment "a#b" holds "#", which a URL cannot carry as it is \(it starts the fragment\); rename it, or give the page a `slug`/,
    ],
    ['a?b.md', /holds "\?", which a URL cannot carry as it is \(it starts the query\)/],
    ['50%.md', /holds "%", which a URL cannot carry as it is \(it starts an escape\)/],
    ['a%2Fb.md', /holds "%"/],
    ['%2e%2e.md', /holds "%"/],
    ['a#b/index.md', /its segment "a#b" holds "#"/],
  ])('refuses the file name %s at the file', (relativePath, message) => {
    const error = errorOf(() => pageRoute({ relativePath, file: `/c/docs/${relativePath}` }));
    expect(error.message).toMatch(message);
    expect(error.location).toEqual({ file: `/c/docs/${relativePath}`, line: 1, column: 1 });
  });

  it('takes a file whose name a URL cannot carry once a slug replaces that name', () => {
    expect(pageRoute({ relativePath: 'a#b.md', file: '/c/docs/a#b.md', slug: 'a-sharp-b' })).toBe('/docs/a-sharp-b/');
    expect(pageRoute({ relativePath: 'x%/y.md', file: '/c/docs/x%/y.md', slug: '/y/' })).toBe('/docs/y/');
  });

  it('reads a slug and reports where it is written', () => {
    const error = errorOf(() =>
      readPage('---\ntitle: T\nslug:   "/a\\0b/"\n---\nBody\n', '/c/docs/a.md', 'a.md', variables),
    );
    expect(error.format()).toBe(
      '/c/docs/a.md:3:9: slug "/a\\u0000b/" cannot be a route: its segment "a\\u0000b" holds the control character U+0000\n    slug:   "/a\\0b/"',
    );
  });
});

describe('route claims', () => {
  const page = (relativePath: string, slug?: string) =>
    readPage(
      `---\ntitle: T${slug ? `\nslug: ${slug}` : ''}\n---\nBody\n`,
      `/c/docs/${relativePath}`,
      relativePath,
      variables,
    );

  it('refuses two pages on one route, at the slug that made the clash', () => {
    const error = errorOf(() => assertRoutesUnique([page('guide/step.md', '/intro'), page('intro.md')]));
    expect(error.format()).toBe(
      '/c/docs/guide/step.md:3:7: two pages claim the route /docs/intro/: intro.md and guide/step.md\n    slug: /intro',
    );
  });

  it('refuses two files on one route at the later file', () => {
    const error = errorOf(() => assertRoutesUnique([page('guide.md'), page('guide/index.md')]));
    expect(error.format()).toBe(
      '/c/docs/guide/index.md:1:1: two pages claim the route /docs/guide/: guide.md and guide/index.md',
    );
  });
});

describe('front matter', () => {
  it('reads Docusaurus keys, substitutes variables, and keeps body line numbers', () => {
    const page = readPage(
      '---\ntitle: Using {{product}}\nsidebar_position: 2\nslug: "{{productSlug}}-mcp-server"\nkeywords: [mcp, 429]\n---\n\nBody on line 8\n',
      '/c/docs/how-to/mcp.md',
      'how-to/mcp.md',
      variables,
    );
    expect(page.frontMatter).toMatchObject({
      title: 'Using Acme Sign',
      sidebar_position: 2,
      keywords: ['mcp', '429'],
      hide_table_of_contents: false,
    });
    expect(page.route).toBe('/docs/how-to/acme-sign-mcp-server/');
    expect(page.markdown.split('\n')[7]).toBe('Body on line 8');
  });

  it('reports malformed YAML with its line and column', () => {
    const error = errorOf(() =>
      readPage('---\ntitle: ok\ndescription: [unclosed\n---\nBody\n', '/c/docs/a.md', 'a.md', variables),
    );
    expect(error.message).toMatch(/malformed front matter/);
    expect(error.location?.file).toBe('/c/docs/a.md');
    expect(error.location?.line).toBeGreaterThanOrEqual(3);
  });

  it('reports a field of the wrong type at its key', () => {
    const error = errorOf(() =>
      readPage('---\ntitle: ok\nsidebar_position: first\n---\nBody\n', '/c/docs/a.md', 'a.md', variables),
    );
    expect(error.format()).toMatch(/^\/c\/docs\/a\.md:3:1: front matter sidebar_position: .*expected number/);
    expect(error.format()).toContain('sidebar_position: first');
  });

  it('reports an unknown variable in front matter at its line', () => {
    const error = errorOf(() =>
      readPage('---\ntitle: ok\ndescription: About {{prodcut}}\n---\nBody\n', '/c/docs/a.md', 'a.md', variables),
    );
    expect(error.message).toMatch(/unknown variable \{\{prodcut\}\}/);
    expect(error.location).toMatchObject({ line: 3, column: 20 });
  });
});

describe('sidebar', () => {
  const pages: SidebarPage[] = [
    { relativePath: 'faq.md', route: '/docs/faq/', label: 'FAQ', position: 9 },
    { relativePath: 'intro.md', route: '/docs/intro/', label: 'Introduction', position: 1 },
    { relativePath: 'guides/index.md', route: '/docs/guides/', label: 'Guides overview' },
    { relativePath: 'guides/b.md', route: '/docs/guides/b/', label: 'Bravo' },
    { relativePath: 'guides/a.md', route: '/docs/guides/a/', label: 'Alpha' },
    { relativePath: 'guides/deep/x.md', route: '/docs/guides/deep/x/', label: 'X', position: 1 },
  ];
  const categories = new Map([['guides', { dir: 'guides', label: 'How-to guides', position: 2 }]]);
  const sidebar = buildSidebar(pages, categories);

  it('orders by position then label, with folders as categories linking to their index page', () => {
    expect(sidebar.map((item) => item.label)).toEqual(['Introduction', 'How-to guides', 'FAQ']);
    const guides = sidebar[1];
    expect(guides).toMatchObject({ type: 'category', route: '/docs/guides/' });
    expect(guides.type === 'category' && guides.items.map((item) => item.label)).toEqual(['Alpha', 'Bravo', 'Deep']);
  });

  it('reads pages in sidebar order for previous/next, category pages before their children', () => {
    expect(flattenSidebar(sidebar).map((entry) => entry.route)).toEqual([
      '/docs/intro/',
      '/docs/guides/',
      '/docs/guides/a/',
      '/docs/guides/b/',
      '/docs/guides/deep/x/',
      '/docs/faq/',
    ]);
  });

  it('finds the categories above a page for breadcrumbs', () => {
    expect(sidebarTrail(sidebar, '/docs/guides/deep/x/').map((category) => category.label)).toEqual([
      'How-to guides',
      'Deep',
    ]);
    expect(sidebarTrail(sidebar, '/docs/intro/')).toEqual([]);
  });
});

describe('variables', () => {
  it('substitutes known names and writes escaped braces literally', () => {
    expect(substituteVariables('{{product}} and \\{{apiKey}}', variables)).toBe('Acme Sign and {{apiKey}}');
    expect(substituteVariables('x {{nope}}', variables)).toEqual({ name: 'nope', offset: 2 });
  });
});
