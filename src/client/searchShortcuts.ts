/**
 * Ctrl/⌘+K anywhere, or `/` when focus is not in a text field, activates the search button
 * (hydrating it first if needed), which opens the search modal. While the modal is open it
 * handles its own keys.
 */
export function initSearchShortcuts(loadIslands: () => Promise<void>): void {
  document.addEventListener('keydown', (event) => {
    if (document.body.classList.contains('search-modal-open')) return;
    const target = event.target as HTMLElement | null;
    const typing = target?.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
    if (!shortcut && !(event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey)) return;
    const button = document.querySelector<HTMLButtonElement>('.navbar .search-button');
    if (!button) return;
    event.preventDefault();
    void loadIslands().then(() => button.click());
  });
}
