/**
 * Local storage that degrades: when storage is missing or refuses writes (private mode, quota),
 * one warning is logged and the site keeps working without remembering anything.
 */
let available: boolean | undefined;
let warned = false;

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('docsgen: local storage is unavailable; preferences will not be remembered.', error);
}

function storage(): Storage | undefined {
  if (available === false) return undefined;
  try {
    const store = window.localStorage;
    if (available === undefined) {
      store.setItem('__docsgen_probe__', '1');
      store.removeItem('__docsgen_probe__');
      available = true;
    }
    return store;
  } catch (error) {
    available = false;
    warnOnce(error);
    return undefined;
  }
}

/** A stored value, or null when there is none or storage is unavailable. */
export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch (error) {
    warnOnce(error);
    return null;
  }
}

/** Stores a value; unavailable storage (private mode, a full quota) is warned about once, never thrown. */
export function writeStored(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch (error) {
    warnOnce(error);
  }
}

/** Storage keys, shared with the head snippet. The docs version key has no namespace (spec). */
export const storageKeys = {
  colorMode: 'theme',
  announcementDismissed: 'docsgen.announcement.dismiss',
  docsVersion: 'docs-preferred-version-default',
  /** A synced tab group's choice, by its key (`code`: the code tabs, whose key this was before prose tabs). */
  tabChoice: (sync: string) => `docsgen.tab.${sync}`,
  /** The API reference's server picker's choice, by the base URL the samples call without one. */
  serverChoice: (defaultBase: string) => `docsgen.server.${defaultBase}`,
} as const;
