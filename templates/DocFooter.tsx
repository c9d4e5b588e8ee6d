import { EditIcon, ExternalIcon } from './icons.tsx';

// UTC, so that a page reads the same date wherever it was built.
const dateFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** What a docs page's footer receives (and a project's replacement for it: config `components.DocFooter`). */
export interface DocFooterProps {
  /** Where "Edit this page" leads; absent: no such link. */
  editUrl?: string;
  /** When the page last changed, in milliseconds since 1970 (its last commit, else its file time). */
  lastUpdated: number;
}

/** Below a docs page's text: the link to edit its source, and when it last changed. */
export function DocFooter({ editUrl, lastUpdated }: DocFooterProps) {
  const date = new Date(lastUpdated);
  return (
    <footer className="doc-footer">
      {editUrl && (
        <a className="doc-footer__edit" href={editUrl} target="_blank" rel="noopener noreferrer">
          <EditIcon />
          Edit this page
          <ExternalIcon />
        </a>
      )}
      <p className="doc-footer__updated">
        Last updated on <time dateTime={date.toISOString()}>{dateFormat.format(date)}</time>
      </p>
    </footer>
  );
}
