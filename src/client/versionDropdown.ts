import { writeStored, storageKeys } from './storage.ts';

/** Dropdowns open on click (and hover/focus via CSS); choosing a docs version is remembered. */
export function initDropdowns(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const toggle = target?.closest?.('.dropdown__toggle');
    for (const open of document.querySelectorAll('.dropdown--open')) {
      if (!toggle || open !== toggle.parentElement) {
        open.classList.remove('dropdown--open');
        open.querySelector('.dropdown__toggle')?.setAttribute('aria-expanded', 'false');
      }
    }
    if (toggle) {
      const expanded = toggle.parentElement?.classList.toggle('dropdown--open') ?? false;
      toggle.setAttribute('aria-expanded', String(expanded));
    }
    const version = target?.closest?.<HTMLElement>('[data-docs-version]')?.dataset.docsVersion;
    if (version) writeStored(storageKeys.docsVersion, version);
  });
}
