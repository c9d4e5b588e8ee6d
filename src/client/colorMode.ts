import { writeStored, storageKeys } from './storage.ts';

/** The two colour modes the theme has. */
export type ColorMode = 'light' | 'dark';

/** The mode the page shows now (the head snippet set it from storage before first paint). */
export function readColorMode(): ColorMode {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Shows the page in `mode` and remembers it for the next pages. */
export function writeColorMode(mode: ColorMode): void {
  document.documentElement.dataset.theme = mode;
  writeStored(storageKeys.colorMode, mode);
}
