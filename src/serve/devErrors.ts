import { DocsgenError } from '../errors.ts';
import type { SiteReport } from './devSite.ts';
import type { LiveReload } from './liveReload.ts';

/** How the dev server tells of mistakes: printed once each (until `forget`), and shown in open pages. */
export interface DevErrors {
  /** An error: printed unless it is the one printed last, and sent to the pages' overlay. */
  report: (error: DocsgenError) => void;
  /** What the site reports while it refreshes: warnings printed once however often they are found again. */
  siteReport: SiteReport;
  /** The next error is printed even if it is the last one again (after a fix, or a reload). */
  forget: () => void;
  /**
   * Runs `work`; a DocsgenError it throws is reported and `fallback` returned instead (any other
   * error is the engine's, and goes on).
   */
  reported: <T>(work: () => Promise<T>, fallback: T) => Promise<T>;
}

/** The dev server's error reporting, printing with `log` (files relative to `root`) and showing errors through `live`. */
export function devErrors(log: (line: string) => void, live: LiveReload, root: string): DevErrors {
  let lastPrinted = '';
  const report = (error: DocsgenError) => {
    const text = error.format(root);
    if (text !== lastPrinted) log(`error: ${text}`);
    lastPrinted = text;
    live.error(error);
  };
  const printed = new Set<string>();
  return {
    report,
    siteReport: {
      warning: (text) => {
        if (!printed.has(text)) log(`warning: ${text}`);
        printed.add(text);
      },
      error: report,
    },
    forget: () => {
      lastPrinted = '';
    },
    reported: async (work, fallback) => {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof DocsgenError)) throw error;
        report(error);
        return fallback;
      }
    },
  };
}
