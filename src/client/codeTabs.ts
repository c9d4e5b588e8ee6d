import { readStored, writeStored, storageKeys } from './storage.ts';

/**
 * Code tab groups: choosing a language selects it in every group that has it and is remembered
 * across pages. Arrow keys move between tabs (WAI-ARIA tabs pattern).
 */
export function initCodeTabs(): void {
  const groups = [...document.querySelectorAll<HTMLElement>('[data-tabs="code"]')];
  if (groups.length === 0) return;
  const stored = readStored(storageKeys.tabChoice);
  if (stored) selectEverywhere(groups, stored);
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tabs__tab');
    const label = tab?.dataset.label;
    if (!tab || !label) return;
    const before = tab.getBoundingClientRect().top;
    selectEverywhere(groups, label);
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

function selectEverywhere(groups: HTMLElement[], label: string): void {
  for (const group of groups) {
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
