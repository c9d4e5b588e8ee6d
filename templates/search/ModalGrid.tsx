import type { MouseEvent } from 'react';
import { GridSection } from './GridSection.tsx';
import type { ModalRow, ModalSection } from './modalSections.tsx';
import { SearchHitRow } from './SearchHitRow.tsx';
import type { GridCell } from './useGridCursor.ts';

interface ModalGridProps {
  id: string;
  label: string;
  sections: ModalSection[];
  rows: ModalRow[];
  active: GridCell | null;
  setActive: (cell: GridCell) => void;
  onSelect: (row: ModalRow) => (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The combobox's grid popup: titled sections of rows, the active cell marked, hidden when empty. */
export function ModalGrid({ id, label, sections, rows, active, setActive, onSelect }: ModalGridProps) {
  return (
    <div
      role="grid"
      id={id}
      aria-label={label}
      className="search-modal__grid"
      hidden={rows.length === 0}
      // Focus stays in the input (the combobox), whatever is clicked in its popup.
      onMouseDown={(event) => event.preventDefault()}
    >
      {sections.map((section) => (
        <GridSection key={section.id} id={section.id} title={section.title}>
          {section.rows.map((row) => {
            const index = rows.indexOf(row);
            return (
              <SearchHitRow
                key={row.id}
                rowId={row.id}
                hit={row.hit}
                href={row.href}
                child={row.child}
                icon={section.icon}
                actions={row.actions}
                activeCell={active?.row === index ? active.cell : null}
                onHover={() => active?.row !== index && setActive({ row: index, cell: 0 })}
                onSelect={onSelect(row)}
              />
            );
          })}
        </GridSection>
      ))}
    </div>
  );
}
