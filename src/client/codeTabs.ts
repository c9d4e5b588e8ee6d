import { readStored, writeStored, storageKeys } from './storage.ts';

/**
 * Code tab groups: choosing a language selects it in every group that has it and is remembered
 * across pages. Arrow keys move between tabs (WAI-ARIA tabs pattern). Delegated, so tab groups
 * that navigation swaps in work too.
 */
export function initCodeTabs(): void {
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tabs__tab');
    const label = tab?.dataset.label;
    if (!tab || !label) return;
    const before = tab.getBoundingClientRect().top;
    selectEverywhere(label);
    // Keep the clicked tab where it was, although groups above it may have changed height.
    window.scrollBy(0, tab.getBoundingClientRect().top - before);
    writeStored(storageKeys.tabChoice, label);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tabs__tab');
    if (!tab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const tabs = [...(tab.parentElement?.children ?? [])] as HTMLElement[];
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    event.preventDefault();
    tabs[next].focus();
    tabs[next].click();
  });
}

/** Selects the remembered language in the page's tab groups (run for each page shown). */
export function selectStoredCodeTab(): void {
  if (!document.querySelector('[data-tabs="code"]')) return;
  const stored = readStored(storageKeys.tabChoice);
  if (stored) selectEverywhere(stored);
}

function selectEverywhere(label: string): void {
  for (const group of document.querySelectorAll<HTMLElement>('[data-tabs="code"]')) {
    const tabs = [...group.querySelectorAll<HTMLElement>(':scope > .tabs__list > .tabs__tab')];
    if (!tabs.some((tab) => tab.dataset.label === label)) continue;
    for (const tab of tabs) {
      const selected = tab.dataset.label === label;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      panel?.classList.toggle('tabs__panel--inactive', !selected);
    }
  }
}
