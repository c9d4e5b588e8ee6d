import type { NavbarItemData } from '../src/model/pageData.ts';
import { DocsVersionDropdown } from './DocsVersionDropdown.tsx';
import { Island } from './Island.tsx';
import { SearchButton } from './SearchButton.tsx';
import { ExternalIcon } from './icons.tsx';

/**
 * The configured navbar items, in order (the mobile menu copies them from the navbar in the
 * browser: src/client/mobileMenuItems.ts).
 */
export function NavbarItems({ items, searchPath }: { items: NavbarItemData[]; searchPath?: string }) {
  return (
    <>
      {items.map((item, index) => {
        switch (item.kind) {
          case 'link':
            return (
              <a
                key={index}
                className={`navbar__item navbar__link${item.active ? ' navbar__link--active' : ''}`}
                href={item.href}
                {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                {...(item.active ? { 'aria-current': 'page' as const } : {})}
                {...(item.versionHrefs ? { 'data-version-hrefs': JSON.stringify(item.versionHrefs) } : {})}
              >
                {item.label}
                {item.external && <ExternalIcon />}
              </a>
            );
          case 'versionDropdown':
            return (
              <DocsVersionDropdown
                key={index}
                label={item.label}
                href={item.href}
                changelogHref={item.changelogHref}
                versions={item.versions}
              />
            );
          case 'search':
            return !searchPath ? null : (
              <Island key={index} name="SearchButton" component={SearchButton} props={{ searchPath }} />
            );
        }
      })}
    </>
  );
}
