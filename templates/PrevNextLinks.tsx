import type { DocData } from '../src/model/pageData.ts';

/** What the previous/next links receive (and a project's replacement for them: config `components.PrevNextLinks`). */
export type PrevNextLinksProps = Pick<DocData, 'previous' | 'next'>;

/** Links to the previous and next pages in reading order. */
export function PrevNextLinks({ previous, next }: PrevNextLinksProps) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {previous ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={previous.href} rel="prev">
          <span className="pagination-nav__sublabel">Previous</span>
          <span className="pagination-nav__label">{previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-nav__link pagination-nav__link--next" href={next.href} rel="next">
          <span className="pagination-nav__sublabel">Next</span>
          <span className="pagination-nav__label">{next.label}</span>
        </a>
      )}
    </nav>
  );
}
