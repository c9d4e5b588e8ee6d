import type { SidebarCategory, SidebarItem } from '../src/model/pageData.ts';

/** The docs sidebar: links and collapsible categories, the current page marked. */
export function DocSidebar({ items }: { items: SidebarItem[] }) {
  return (
    <nav className="sidebar" aria-label="Docs sidebar">
      <SidebarList items={items} level={1} />
    </nav>
  );
}

/** One level of the sidebar; a lazy category's list on its own is what the browser loads when it is opened. */
export function SidebarList({ items, level }: { items: SidebarItem[]; level: number }) {
  return (
    <ul className={`menu__list${level > 1 ? ' menu__list--nested' : ''}`}>
      {items.map((item) => (
        <li key={item.type === 'link' ? item.href : item.id} className="menu__item">
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
      ))}
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
      <div id={item.id} className="menu__collapsible" data-sidebar-src={item.lazySrc}>
        {!item.lazySrc && <SidebarList items={item.items} level={level + 1} />}
      </div>
    </div>
  );
}
