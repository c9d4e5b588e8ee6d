import { writeStored, storageKeys } from './storage.ts';

export type ColorMode = 'light' | 'dark';

/** The mode the page shows now (the head snippet set it from storage before first paint). */
export function readColorMode(): ColorMode {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function writeColorMode(mode: ColorMode): void {
  document.documentElement.dataset.theme = mode;
  writeStored(storageKeys.colorMode, mode);
}

