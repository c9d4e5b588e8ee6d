import { readStored, writeStored, storageKeys } from './storage.ts';
import { contentSwappedEvent } from './navigation/events.ts';

function close(dropdown: Element): void {
  dropdown.classList.remove('dropdown--open');
  dropdown.querySelector('.dropdown__toggle')?.setAttribute('aria-expanded', 'false');
}

/**
 * On a page the versions share (home, search, not found), navbar links into the docs lead to the
 * reader's preferred version, and the version menu shows it, as Docusaurus does. A page of a
 * version shows that version, whatever the preference.
 */
export function followPreferredVersion(): void {
  const preferred = readStored(storageKeys.docsVersion);
  if (!preferred) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-version-hrefs]')) {
    const hrefs = JSON.parse(link.dataset.versionHrefs!) as Record<string, string>;
    if (hrefs[preferred]) link.setAttribute('href', hrefs[preferred]);
  }
  const shared = document.querySelector('a[data-version-hrefs]') !== null;
  for (const menu of document.querySelectorAll('[data-version-dropdown]')) {
    const chosen = menu.querySelector<HTMLElement>(`[data-docs-version="${CSS.escape(preferred)}"]`);
    if (!shared || !chosen) continue;
    for (const item of menu.querySelectorAll('[data-docs-version]')) {
      item.classList.toggle('dropdown__link--active', item === chosen);
      if (item === chosen) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
    }
    menu.querySelector('.dropdown__toggle')!.textContent = chosen.textContent;
  }
}

/**
 * Dropdowns (a disclosure: the menu shows on hover, or opens on its button, so closed menus stay
 * out of the Tab order); Escape or moving focus elsewhere closes one; choosing a docs version is
 * remembered, and pages the versions share follow it.
 */
export function initDropdowns(): void {
  followPreferredVersion();
  document.addEventListener(contentSwappedEvent, followPreferredVersion);
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const toggle = target?.closest?.('.dropdown__toggle');
    for (const open of document.querySelectorAll('.dropdown--open')) {
      if (!toggle || open !== toggle.parentElement) close(open);
    }
    if (toggle) {
      const expanded = toggle.parentElement?.classList.toggle('dropdown--open') ?? false;
      toggle.setAttribute('aria-expanded', String(expanded));
    }
    const version = target?.closest?.<HTMLElement>('[data-docs-version]')?.dataset.docsVersion;
    if (version) writeStored(storageKeys.docsVersion, version);
  });
  document.addEventListener('focusout', (event) => {
    const dropdown = (event.target as Element | null)?.closest?.('.dropdown--open');
    const next = event.relatedTarget as Node | null;
    if (dropdown && next && !dropdown.contains(next)) close(dropdown);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dropdown = (event.target as Element | null)?.closest?.('.dropdown--open');
    if (!dropdown) return;
    close(dropdown);
    dropdown.querySelector<HTMLElement>('.dropdown__toggle')?.focus();
  });
}
