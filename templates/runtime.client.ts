import { initIslands, loadIslands } from './loadIslands.client.ts';
import { initAnnouncement } from '../src/client/announcement.ts';
import { initMobileMenu } from '../src/client/mobileMenu.ts';
import { initSidebarCategories } from '../src/client/sidebarCategories.ts';
import { completeSidebars } from '../src/client/sidebarSections.ts';
import { initSidebarWindows } from '../src/client/sidebarWindows.ts';
import { initSectionInView } from '../src/client/sectionInView.ts';
import { initMobileToc } from '../src/client/mobileToc.ts';
import { initTabs, selectStoredTabs } from '../src/client/tabs.ts';
import { initCopyCode } from '../src/client/copyCode.ts';
import { initCopyPage } from '../src/client/copyPage.ts';
import { initBackToTop } from '../src/client/backToTop.ts';
import { initDropdowns } from '../src/client/versionDropdown.ts';
import { initSearchShortcuts } from '../src/client/searchShortcuts.ts';
import { initSearchPage } from './search/initSearchPage.client.ts';
import { initNavigation } from '../src/client/navigation/initNavigation.ts';
import { followSplitApiAnchor, initSplitApiAnchors } from '../src/client/apiAnchorPages.ts';
import { contentSwappedEvent } from '../src/client/navigation/events.ts';
import { initServerPicker, showStoredServers } from '../src/client/serverPicker.ts';
import { addSchemaExpanders, initSchemaExpand } from '../src/client/schemaExpand.ts';

/** The page runtime: small, loaded as a module (never render-blocking), no framework. */
initIslands();
initAnnouncement();
initMobileMenu();
initSidebarCategories();
initSidebarWindows();
completeSidebars();
initTabs();
initCopyCode();
initCopyPage();
initBackToTop();
initMobileToc();
initDropdowns();
initSearchShortcuts(loadIslands);
initSplitApiAnchors();
initServerPicker();
initSchemaExpand();

/** What a page's own content needs: run now, and again whenever navigation swaps a page in. */
function initPageContent(): void {
  initSectionInView();
  selectStoredTabs();
  initSearchPage();
  followSplitApiAnchor();
  showStoredServers();
  addSchemaExpanders();
}
initPageContent();
document.addEventListener(contentSwappedEvent, initPageContent);
initNavigation();
