import { describe, expect, it } from 'vitest';
import { buildSidebar, type SidebarPage } from '../../src/content/buildSidebar.ts';
import { lazyCategories, lazySidebarThreshold, sidebarFragmentRoute } from '../../src/site/sidebarIndex.ts';
import { sidebarFor, sidebarFragmentItems, sidebarSectionsFor } from '../../src/props/sidebarItems.ts';
import { sidebarWindowThreshold, windowIndexes } from '../../src/props/sidebarWindow.ts';
import type { SidebarItem } from '../../src/model/pageData.ts';

/** Every link the rendered sidebar holds, categories' own pages included. */
const hrefs = (items: SidebarItem[]): string[] =>
  items.flatMap((item) =>
    item.type === 'gap'
      ? []
      : item.type === 'link'
        ? [item.href]
        : [...(item.href ? [item.href] : []), ...hrefs(item.items)],
  );
const category = (items: SidebarItem[], label: string) =>
  items.find((item) => item.type === 'category' && item.label === label) as Extract<SidebarItem, { type: 'category' }>;

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
    expect(hrefs(items)).toEqual(more.items.filter((item) => item.type !== 'gap').map((item) => item.href));
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
    // Its page is the category's own: the window shows the list's ends, the 95 items between behind one gap.
    expect(guides.items).toHaveLength(7);
    expect(guides.items[3]).toEqual({ type: 'gap', hidden: 95, href: '/_sidebar/#sidebar-guides' });
  });

  it('shows a long open list as a window around the page, its ends, and gaps saying how many they hide', () => {
    const sidebar = sidebarOf({ guides: 100, more: 100 });
    const more = category(sidebarFor(sidebar, '/docs/more/m50/', '/base/'), 'More');
    expect(more.windowSrc).toBe('/base/_sidebar/more/');
    expect(more.items.find((item) => item.type !== 'gap' && item.active)).toMatchObject({
      href: '/base/docs/more/m50/',
    });
    // The whole list, as its fragment holds it: the window is cut from it.
    const whole = sidebarFragmentItems(lazyCategories(sidebar).find((node) => node.label === 'More')!.items, '/base/');
    const at = whole.findIndex((item) => item.type === 'link' && item.href === '/base/docs/more/m50/');
    const rows = (items: SidebarItem[]) =>
      items.map((item) => (item.type === 'gap' ? `gap ${item.hidden}` : item.href));
    expect(rows(more.items)).toEqual([
      ...rows(whole.slice(0, 3)),
      `gap ${at - 6}`,
      ...rows(whole.slice(at - 3, at + 4)),
      `gap ${100 - 3 - (at + 4)}`,
      ...rows(whole.slice(-3)),
    ]);
    expect(more.items[3]).toEqual({ type: 'gap', hidden: at - 6, href: '/base/_sidebar/#sidebar-more' });
    // A list at the threshold stays whole.
    const short = sidebarOf({ guides: 100, more: sidebarWindowThreshold });
    const whole40 = category(sidebarFor(short, '/docs/more/m5/'), 'More');
    expect(whole40.windowSrc).toBeUndefined();
    expect(whole40.items).toHaveLength(sidebarWindowThreshold);
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
    expect(guides.some((item) => item.type !== 'gap' && item.active)).toBe(false);
  });
});

describe('windowIndexes', () => {
  it('shows the ends and the items around the current one, and a lone item between two shown ones', () => {
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n);
    expect(windowIndexes(150, 74)).toEqual([0, 1, 2, ...range(71, 77), 147, 148, 149]);
    expect(windowIndexes(150, -1)).toEqual([0, 1, 2, 147, 148, 149]);
    expect(windowIndexes(150, 1)).toEqual([0, 1, 2, 3, 4, 147, 148, 149]);
    expect(windowIndexes(150, 148)).toEqual([0, 1, 2, ...range(145, 149)]);
    // 3 alone between 2 and 4: shown rather than hidden behind a gap of one.
    expect(windowIndexes(50, 7)).toEqual([...range(0, 10), 47, 48, 49]);
  });
});
