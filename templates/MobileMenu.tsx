import type { SiteData } from '../src/model/pageData.ts';
import { NavbarItems } from './NavbarItems.tsx';
import { CloseIcon } from './icons.tsx';

/**
 * The side menu at widths ≤ 996 px. Its primary panel holds the navbar items; on docs pages the
 * secondary panel holds the docs sidebar, copied in from the page when the menu opens.
 */
export function MobileMenu({ site, hasSecondary }: { site: SiteData; hasSecondary: boolean }) {
  return (
    <div id="mobile-menu" className="mobile-menu" hidden data-secondary={hasSecondary ? 'shown' : 'none'}>
      <div className="mobile-menu__backdrop" />
      <div className="mobile-menu__panel" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="mobile-menu__header">
          <a className="navbar__brand" href={site.homeHref}>
            {site.logo && <img className="navbar__logo" src={site.logo.src} alt="" width="32" height="32" />}
            <b className="navbar__title">{site.title}</b>
          </a>
          <button type="button" className="mobile-menu__close" aria-label="Close navigation menu">
            <CloseIcon />
          </button>
        </div>
        <div className="mobile-menu__primary">
          <nav aria-label="Main menu" className="mobile-menu__items">
            <NavbarItems items={site.navbarItems} searchPath={site.searchPath} mobile />
          </nav>
        </div>
        {hasSecondary && (
          <div className="mobile-menu__secondary">
            <button type="button" className="mobile-menu__back">
              ← Back to main menu
            </button>
            <div className="mobile-menu__sidebar" />
          </div>
        )}
      </div>
    </div>
  );
}
