import { useState, type KeyboardEvent } from 'react';

/** A row of the grid: its element id, and how many cells it has (its link, then its actions). */
export interface GridRow {
  id: string;
  cells: number;
}

/** A position in the results grid. */
export interface GridCell {
  row: number;
  cell: number;
}

/**
 * The active cell of the combobox's grid popup, moved by the arrow keys while focus stays in
 * the input. As DocSearch's defaultActiveItemId, a new list starts with its first row active;
 * Down from the last row (or Up from the first) returns to the input alone, the next step wraps.
 * Left and Right move between a row's cells only when it has more than one.
 */
export function useGridCursor<T extends GridRow>(rows: T[]) {
  // The cursor remembers the list it moved in, so a new list starts at its first row at once.
  const [cursor, setCursor] = useState<{ rows: T[] } & GridCell>();
  const active: GridCell | null =
    cursor?.rows === rows ? (cursor.row < 0 ? null : cursor) : rows.length > 0 ? { row: 0, cell: 0 } : null;
  const setActive = (next: GridCell | null) => setCursor({ rows, ...(next ?? { row: -1, cell: 0 }) });

  /** Handles an arrow key (and says so), or leaves the key to the caller. */
  const move = (event: KeyboardEvent): boolean => {
    const count = rows.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return true;
      const next =
        active === null
          ? event.key === 'ArrowDown'
            ? 0
            : count - 1
          : active.row + (event.key === 'ArrowDown' ? 1 : -1);
      setActive(next < 0 || next >= count ? null : { row: next, cell: 0 });
      document.getElementById(rows[Math.max(0, Math.min(count - 1, next))].id)?.scrollIntoView({ block: 'nearest' });
      return true;
    }
    if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && active && rows[active.row].cells > 1) {
      event.preventDefault();
      const cell = Math.max(
        0,
        Math.min(rows[active.row].cells - 1, active.cell + (event.key === 'ArrowRight' ? 1 : -1)),
      );
      setActive({ row: active.row, cell });
      return true;
    }
    return false;
  };

  return { active, activeCellId: active ? `${rows[active.row].id}-${active.cell}` : undefined, setActive, move };
}
