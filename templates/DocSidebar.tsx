import type { ReactNode } from 'react';
import type { SidebarCategory, SidebarItem, SidebarSections } from '../src/model/pageData.ts';

/** A windowed list's items say where they stand in the whole list (the gaps hide the others). */
function positionsInList(items: SidebarItem[]) {
  const gaps = items.filter((item) => item.type === 'gap');
  if (gaps.length === 0) return undefined;
  const setSize = items.length - gaps.length + gaps.reduce((sum, gap) => sum + gap.hidden, 0);
  let position = 0;
  return items.map((item) => {
    position += item.type === 'gap' ? item.hidden : 1;
    return { 'aria-posinset': position, 'aria-setsize': setSize };
  });
}

/**
 * The docs sidebar: links and collapsible categories, the current page marked. A large sidebar
 * (with `sections`) holds the page's own top-level item and a link to the page of all sections;
 * the browser puts the other items, from their shared list, in place of that link.
 */
export function DocSidebar({ items, sections }: { items: SidebarItem[]; sections?: SidebarSections }) {
  return (
    <nav className="sidebar" aria-label="Docs sidebar" data-sidebar-sections={sections?.src}>
      <SidebarList
        items={items}
        level={1}
        last={
          sections && (
            <li className="menu__item">
              {/* Not fetched ahead: with scripts, the shared list replaces it; the page is large. */}
              <a className="menu__link" href={sections.href} data-no-prefetch="">
                All sections
              </a>
            </li>
          )
        }
      />
    </nav>
  );
}

/** One level of the sidebar; a lazy list on its own is what the browser loads when it is opened. */
export function SidebarList({ items, level, last }: { items: SidebarItem[]; level: number; last?: ReactNode }) {
  const positions = positionsInList(items);
  return (
    <ul className={`menu__list${level > 1 ? ' menu__list--nested' : ''}`}>
      {items.map((item, index) =>
        item.type === 'gap' ? (
          <li key={`gap-${index}`} className="menu__item">
            <a className="menu__link menu__link--gap" href={item.href} data-no-prefetch="">
              Show {item.hidden} more
            </a>
          </li>
        ) : (
          <li key={item.type === 'link' ? item.href : item.id} className="menu__item" {...positions?.[index]}>
            {item.type === 'link' ? (
              <a
                className={`menu__link${item.active ? ' menu__link--active' : ''}`}
                href={item.href}
                {...(item.active ? { 'aria-current': 'page' as const } : {})}
              >
                {item.label}
              </a>
            ) : (
              <SidebarCategoryItem item={item} level={level} />
            )}
          </li>
        ),
      )}
      {last}
    </ul>
  );
}

function SidebarCategoryItem({ item, level }: { item: SidebarCategory; level: number }) {
  return (
    <div className={`menu__category${item.expanded ? '' : ' menu__category--collapsed'}`}>
      <div className="menu__category-row">
        {item.href ? (
          <a
            className={`menu__link menu__link--category${item.active ? ' menu__link--active' : ''}`}
            href={item.href}
            {...(item.active ? { 'aria-current': 'page' as const } : {})}
          >
            {item.label}
          </a>
        ) : (
          <span className="menu__link menu__link--category">{item.label}</span>
        )}
        <button
          type="button"
          className="menu__caret"
          aria-expanded={item.expanded}
          aria-controls={item.id}
          aria-label={`${item.expanded ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`}
        />
      </div>
      {/* A lazy list stays empty until opened; the element is there for aria-controls. */}
      <div
        id={item.id}
        className="menu__collapsible"
        data-sidebar-src={item.lazySrc}
        data-sidebar-window={item.windowSrc}
      >
        {!item.lazySrc && <SidebarList items={item.items} level={level + 1} />}
      </div>
    </div>
  );
}
