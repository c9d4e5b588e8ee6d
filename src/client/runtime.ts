import { initIslands, loadIslands } from './islands.ts';
import { initAnnouncement } from './announcement.ts';
import { initMobileMenu } from './mobileMenu.ts';
import { initSidebarCategories } from './sidebarCategories.ts';
import { initTocHighlight } from './tocHighlight.ts';
import { initCodeTabs } from './codeTabs.ts';
import { initCopyCode } from './copyCode.ts';
import { initBackToTop } from './backToTop.ts';
import { initDropdowns } from './versionDropdown.ts';
import { initSearchShortcuts } from './searchShortcuts.ts';

/** The page runtime: small, loaded as a module (never render-blocking), no framework. */
initIslands();
initAnnouncement();
initMobileMenu();
initSidebarCategories();
initTocHighlight();
initCodeTabs();
initCopyCode();
initBackToTop();
initDropdowns();
initSearchShortcuts(loadIslands);
