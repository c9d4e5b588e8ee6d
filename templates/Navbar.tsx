import type { SiteData } from '../src/model/pageData.ts';
import { NavbarItems } from './NavbarItems.tsx';
import { Island } from './Island.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { MenuIcon } from './icons.tsx';

/** The always-visible top bar: menu toggle (mobile), logo and title, then items on the right. */
export function Navbar({ site }: { site: SiteData }) {
  const search = site.navbarItems.some((item) => item.kind === 'search');
  return (
    <nav className="navbar" aria-label="Main">
      <div className="navbar__inner">
        <button
          type="button"
          className="navbar__toggle"
          aria-label="Open navigation menu"
          aria-expanded="false"
          aria-controls="mobile-menu"
        >
          <MenuIcon />
        </button>
        <a className="navbar__brand" href={site.homeHref}>
          {site.logo && <img className="navbar__logo" src={site.logo.src} alt={site.logo.alt} width="32" height="32" />}
          <b className="navbar__title">{site.title}</b>
        </a>
        <div className="navbar__items">
          <NavbarItems items={site.navbarItems.filter((item) => item.kind !== 'search')} searchPath={site.searchPath} />
          {!site.colorMode.disableSwitch && <Island name="ColorModeToggle" component={ColorModeToggle} props={{}} />}
          {search && <NavbarItems items={[{ kind: 'search' }]} searchPath={site.searchPath} />}
        </div>
      </div>
    </nav>
  );
}
