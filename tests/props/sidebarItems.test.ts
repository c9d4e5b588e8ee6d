import { describe, expect, it } from 'vitest';
import { buildSidebar, type SidebarPage } from '../../src/content/buildSidebar.ts';
import { lazyCategories, lazySidebarThreshold, sidebarFragmentRoute } from '../../src/site/sidebarIndex.ts';
import { sidebarFor, sidebarFragmentItems } from '../../src/props/sidebarItems.ts';
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

  it('leaves the items of collapsed categories out of a larger sidebar, and says where to load them', () => {
    const sidebar = sidebarOf({ guides: 100, more: lazySidebarThreshold - 102 });
    const items = sidebarFor(sidebar, '/docs/more/m3/');
    const more = category(items, 'More');
    expect(more).toMatchObject({ expanded: true });
    expect(more.lazySrc).toBeUndefined();
    expect(more.items.find((item) => item.href === '/docs/more/m3/')).toMatchObject({ active: true });
    expect(category(items, 'Guides')).toMatchObject({
      expanded: false,
      href: '/docs/guides/',
      lazySrc: '/_sidebar/guides/',
      items: [],
    });
    expect(hrefs(items)).toEqual(['/docs/intro/', '/docs/guides/', ...more.items.map((item) => item.href)]);
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
    expect(lazy.map(sidebarFragmentRoute)).toEqual(['/_sidebar/guides/', '/_sidebar/guides/deep/', '/_sidebar/more/']);
    const guides = sidebarFragmentItems(lazy[0]);
    expect(category(guides, 'Deep')).toMatchObject({ lazySrc: '/_sidebar/guides/deep/', items: [] });
    expect(hrefs(guides)).toHaveLength(100);
    expect(guides.some((item) => item.active)).toBe(false);
  });
});
