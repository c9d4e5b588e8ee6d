import { initIslands, loadIslands } from './islands.ts';
import { initAnnouncement } from './announcement.ts';
import { initMobileMenu } from './mobileMenu.ts';
import { initSidebarCategories } from './sidebarCategories.ts';
import { initTocHighlight } from './tocHighlight.ts';
import { initCodeTabs, selectStoredCodeTab } from './codeTabs.ts';
import { initCopyCode } from './copyCode.ts';
import { initCopyPage } from './copyPage.ts';
import { initBackToTop } from './backToTop.ts';
import { initDropdowns } from './versionDropdown.ts';
import { initSearchShortcuts } from './searchShortcuts.ts';
import { initSearchPage } from './search/initSearchPage.ts';
import { initNavigation } from './navigation/initNavigation.ts';
import { contentSwappedEvent } from './navigation/events.ts';

/** The page runtime: small, loaded as a module (never render-blocking), no framework. */
initIslands();
initAnnouncement();
initMobileMenu();
initSidebarCategories();
initCodeTabs();
initCopyCode();
initCopyPage();
initBackToTop();
initDropdowns();
initSearchShortcuts(loadIslands);

/** What a page's own content needs: run now, and again whenever navigation swaps a page in. */
function initPageContent(): void {
  initTocHighlight();
  selectStoredCodeTab();
  initSearchPage();
}
initPageContent();
document.addEventListener(contentSwappedEvent, initPageContent);
initNavigation();
