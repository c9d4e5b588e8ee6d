/** Dispatched on `document` when an in-site navigation starts (the mobile menu closes). */
export const navigationStartEvent = 'docsgen:navigation-start';

/** Dispatched on `document` once a new page's content is in place (per-page behaviours run again). */
export const contentSwappedEvent = 'docsgen:content-swapped';
