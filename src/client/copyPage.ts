/**
 * The "Copy page as Markdown" button of a docs page: fetches the page's Markdown twin and puts
 * it on the clipboard, saying so (and saying so when it fails, the link beside it then the way
 * to read it).
 */
export function initCopyPage(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.doc-actions__copy');
    const href = button?.dataset.markdown;
    if (!button || !href) return;
    const label = button.querySelector('.doc-actions__label');
    const status = button.parentElement?.querySelector('.doc-actions__status');
    const show = (text: string, state: string) => {
      if (label) label.textContent = text;
      if (status) status.textContent = state === 'idle' ? '' : text;
      button.dataset.state = state;
    };
    show('Copying…', 'busy');
    void fetch(href)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))))
      .then((text) => navigator.clipboard.writeText(text))
      .then(
        () => show('Copied', 'done'),
        () => show('Could not copy: open the Markdown instead', 'failed'),
      )
      .then(() => setTimeout(() => show('Copy page as Markdown', 'idle'), 2000));
  });
}
