/**
 * "Copy page" on the breadcrumbs' row, above a docs page's title: puts the page's Markdown twin
 * on the clipboard, for pasting into an assistant (src/client/copyPage.ts). The link beside it
 * opens the Markdown, and is what remains when the clipboard cannot be written.
 */
export function CopyPageButton({ href }: { href: string }) {
  return (
    <div className="doc-actions">
      <button type="button" className="doc-actions__copy" data-markdown={href}>
        <span className="doc-actions__label">Copy page as Markdown</span>
      </button>
      <a className="doc-actions__view" href={href} type="text/markdown">
        View as Markdown
      </a>
      <span className="doc-actions__status" role="status" aria-live="polite" />
    </div>
  );
}
