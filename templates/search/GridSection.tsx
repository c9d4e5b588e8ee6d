import type { ReactNode } from 'react';

/** A titled section of the modal's grid: a lvl0 group of hits, or the Recent or Favorite list. */
export function GridSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div role="rowgroup" aria-labelledby={id} className="search-section">
      <div id={id} className="search-section__title" aria-hidden="true">
        {title}
      </div>
      {children}
    </div>
  );
}
