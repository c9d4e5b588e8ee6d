/** The copy button of each code block puts the block's text on the clipboard and says so. */
export function initCopyCode(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.code-block__copy');
    const code = button?.parentElement?.querySelector('pre code');
    if (!button || !code) return;
    void navigator.clipboard.writeText(code.textContent ?? '').then(
      () => {
        button.classList.add('code-block__copy--done');
        button.setAttribute('aria-label', 'Copied');
        setTimeout(() => {
          button.classList.remove('code-block__copy--done');
          button.setAttribute('aria-label', 'Copy code to clipboard');
        }, 1500);
      },
      (error: unknown) => console.warn('docsgen: could not copy to the clipboard', error),
    );
  });
}
