import { describe, expect, it } from 'vitest';
import { buildSidebar, type SidebarPage } from '../../src/content/buildSidebar.ts';
import { lazyCategories, lazySidebarThreshold, sidebarFragmentRoute } from '../../src/site/sidebarIndex.ts';
import { sidebarFor, sidebarFragmentItems, sidebarSectionsFor } from '../../src/props/sidebarItems.ts';
import type { SidebarItem } from '../../src/model/pageData.ts';

/** Every link the rendered sidebar holds, categories' own pages included. */
const hrefs = (items: SidebarItem[]): string[] =>
  items.flatMap((item) =>
    item.type === 'link' ? [item.href] : [...(item.href ? [item.href] : []), ...hrefs(item.items)],
  );
const category = (items: SidebarItem[], label: string) =>
  items.find((item) => item.label === label) as Extract<SidebarItem, { type: 'category' }>;

function sidebarOf(sizes: { guides: number; more: number }) {
  const pages: SidebarPage[] = [
    { relativePath: 'intro.md', route: '/docs/intro/', label: 'Introduction', position: 1 },
    { relativePath: 'guides/index.md', route: '/docs/guides/', label: 'Guides' },
    { relativePath: 'guides/deep/x.md', route: '/docs/guides/deep/x/', label: 'X' },
  ];
  for (let n = 0; n < sizes.guides; n++)
    pages.push({ relativePath: `guides/g${n}.md`, route: `/docs/guides/g${n}/`, label: `G${n}` });
  for (let n = 0; n < sizes.more; n++)
    pages.push({ relativePath: `more/m${n}.md`, route: `/docs/more/m${n}/`, label: `M${n}` });
  return buildSidebar(pages, new Map());
}

describe('sidebarFor', () => {
  it('renders a sidebar at or below the threshold whole, the categories leading to the page open', () => {
    const sidebar = sidebarOf({ guides: 100, more: lazySidebarThreshold - 103 });
    const items = sidebarFor(sidebar, '/docs/intro/');
    expect(hrefs(items)).toHaveLength(lazySidebarThreshold);
    expect(category(items, 'More')).toMatchObject({ expanded: false });
    expect(category(items, 'More').lazySrc).toBeUndefined();
    expect(category(items, 'More').items).toHaveLength(lazySidebarThreshold - 103);
    expect(lazyCategories(sidebar)).toEqual([]);
    const deep = category(category(sidebarFor(sidebar, '/docs/guides/deep/x/'), 'Guides').items, 'Deep');
    expect(deep).toMatchObject({ expanded: true, id: 'sidebar-guides/deep' });
  });

  it("shows only the page's own top-level item in a larger sidebar, and says where the others are", () => {
    const sidebar = sidebarOf({ guides: 100, more: lazySidebarThreshold - 102 });
    const items = sidebarFor(sidebar, '/docs/more/m3/');
    const more = category(items, 'More');
    expect(more).toMatchObject({ expanded: true });
    expect(more.lazySrc).toBeUndefined();
    expect(more.items.find((item) => item.href === '/docs/more/m3/')).toMatchObject({ active: true });
    expect(hrefs(items)).toEqual(more.items.map((item) => item.href));
    expect(hrefs(sidebarFor(sidebar, '/docs/intro/'))).toEqual(['/docs/intro/']);
    const sections = sidebarSectionsFor(sidebar, '/base/');
    expect(sections).toEqual({
      src: expect.stringMatching(/^\/base\/_sidebar\/sections-[0-9a-f]{10}\/$/),
      href: '/base/_sidebar/',
    });
    expect(sidebarSectionsFor(sidebarOf({ guides: 100, more: lazySidebarThreshold - 103 }))).toBeUndefined();
    // The shared top-level list: every item, categories collapsed and lazy.
    const shared = sidebarFragmentItems(sidebar);
    expect(hrefs(shared)).toEqual(['/docs/intro/', '/docs/guides/']);
    expect(category(shared, 'Guides')).toMatchObject({ expanded: false, lazySrc: '/_sidebar/guides/', items: [] });
    expect(category(shared, 'More')).toMatchObject({ expanded: false, lazySrc: '/_sidebar/more/', items: [] });
  });

  it('names the shared top-level list by what it lists', () => {
    const src = (sizes: { guides: number; more: number }) => sidebarSectionsFor(sidebarOf(sizes))!.src;
    expect(src({ guides: 100, more: 100 })).toBe(src({ guides: 100, more: 100 }));
    // The pages inside a category change its list's fragment, not the top-level list.
    expect(src({ guides: 100, more: 101 })).toBe(src({ guides: 100, more: 100 }));
    const renamed = sidebarOf({ guides: 100, more: 100 });
    renamed[0].label = 'Start here';
    expect(sidebarSectionsFor(renamed)!.src).not.toBe(src({ guides: 100, more: 100 }));
  });

  it('opens a category on its own page, its sub-categories lazy', () => {
    const sidebar = sidebarOf({ guides: 100, more: 100 });
    const guides = category(sidebarFor(sidebar, '/docs/guides/'), 'Guides');
    expect(guides).toMatchObject({ active: true, expanded: true });
    expect(category(guides.items, 'Deep')).toMatchObject({
      expanded: false,
      lazySrc: '/_sidebar/guides/deep/',
      items: [],
    });
    expect(guides.items.filter((item) => item.type === 'link')).toHaveLength(100);
  });

  it('lists one fragment per category with items, each with its sub-categories lazy and no page current', () => {
    const sidebar = sidebarOf({ guides: 100, more: 100 });
    const lazy = lazyCategories(sidebar);
    expect(lazy.map((item) => sidebarFragmentRoute(item, '/_sidebar/'))).toEqual([
      '/_sidebar/guides/',
      '/_sidebar/guides/deep/',
      '/_sidebar/more/',
    ]);
    const guides = sidebarFragmentItems(lazy[0].items);
    expect(category(guides, 'Deep')).toMatchObject({ lazySrc: '/_sidebar/guides/deep/', items: [] });
    expect(hrefs(guides)).toHaveLength(100);
    expect(guides.some((item) => item.active)).toBe(false);
  });
});
