import { writeStored, storageKeys } from './storage.ts';

function close(dropdown: Element): void {
  dropdown.classList.remove('dropdown--open');
  dropdown.querySelector('.dropdown__toggle')?.setAttribute('aria-expanded', 'false');
}

/**
 * Dropdowns (a disclosure: the menu shows on hover, or opens on its button, so closed menus stay
 * out of the Tab order); Escape or moving focus elsewhere closes one; choosing a docs version is
 * remembered.
 */
export function initDropdowns(): void {
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
