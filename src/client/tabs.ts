import { readStored, writeStored, storageKeys } from './storage.ts';

/**
 * Tab groups, code and prose alike (src/markdown/tabGroup.ts): choosing a tab selects its label
 * in every group of the same sync key (`data-tabs`: `code` for code tabs, a prose group's
 * `groupId`) and the browser remembers it across pages; a group without a key changes alone.
 * Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern). Delegated, so tab groups
 * that navigation swaps in work too.
 */
export function initTabs(): void {
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tabs__tab');
    const label = tab?.dataset.label;
    const group = tab?.closest<HTMLElement>('.tabs');
    if (!tab || !label || !group) return;
    const before = tab.getBoundingClientRect().top;
    const sync = group.dataset.tabs;
    if (sync === undefined) select(group, label);
    else {
      selectEverywhere(sync, label);
      writeStored(storageKeys.tabChoice(sync), label);
    }
    // Keep the clicked tab where it was, although groups above it may have changed height.
    window.scrollBy(0, tab.getBoundingClientRect().top - before);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tabs__tab');
    if (!tab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const tabs = [...(tab.parentElement?.children ?? [])] as HTMLElement[];
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tabs.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    event.preventDefault();
    tabs[next].focus();
    tabs[next].click();
  });
}

/** Selects the remembered label in the page's synced tab groups (run for each page shown). */
export function selectStoredTabs(): void {
  const keys = new Set(
    [...document.querySelectorAll<HTMLElement>('.tabs[data-tabs]')].map((group) => group.dataset.tabs!),
  );
  for (const sync of keys) {
    const stored = readStored(storageKeys.tabChoice(sync));
    if (stored) selectEverywhere(sync, stored);
  }
}

function selectEverywhere(sync: string, label: string): void {
  for (const group of document.querySelectorAll<HTMLElement>('.tabs[data-tabs]')) {
    if (group.dataset.tabs === sync) select(group, label);
  }
}

/** Selects `label` in one group, when the group has it. */
function select(group: HTMLElement, label: string): void {
  const tabs = [...group.querySelectorAll<HTMLElement>(':scope > .tabs__list > .tabs__tab')];
  if (!tabs.some((tab) => tab.dataset.label === label)) return;
  for (const tab of tabs) {
    const selected = tab.dataset.label === label;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    panel?.classList.toggle('tabs__panel--inactive', !selected);
  }
}
