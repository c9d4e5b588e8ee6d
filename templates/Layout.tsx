import type { ReactNode } from 'react';
import type { PageData } from '../src/model/pageData.ts';
import { Head } from './Head.tsx';
import { SkipLink } from './SkipLink.tsx';
import { Navbar } from './Navbar.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { useThemeComponents } from './themeComponents.tsx';
import { BackToTop } from './BackToTop.tsx';
import { RouteProgress } from './RouteProgress.tsx';
import { RouteAnnouncer } from './RouteAnnouncer.tsx';

/** The shell every page shares: skip link, announcement, navbar, content, footer, menus. */
export function Layout({
  page,
  children,
  pageClass,
  hasSidebar = false,
}: {
  page: PageData;
  children: ReactNode;
  pageClass: string;
  hasSidebar?: boolean;
}) {
  const { site, assets } = page;
  const { AnnouncementBar, Footer } = useThemeComponents();
  return (
    <html lang="en" data-theme={site.colorMode.defaultMode} data-announcement={site.announcement?.id}>
      <Head head={page.head} site={site} assets={assets} />
      <body className={pageClass}>
        <SkipLink />
        {site.announcement && <AnnouncementBar announcement={site.announcement} />}
        <Navbar site={site} />
        <div className="main-wrapper">{children}</div>
        <Footer footer={site.footer} />
        <BackToTop />
        <RouteProgress />
        <RouteAnnouncer />
        <MobileMenu hasSecondary={hasSidebar} />
        {assets.attributionScript && <script async src={assets.attributionScript} />}
      </body>
    </html>
  );
}
