import type { KeyboardEvent } from 'react';
import type { ModalRow } from './modalSections.tsx';
import { trapFocus } from './trapFocus.ts';
import type { GridCell } from './useGridCursor.ts';

interface ModalKeysInput {
  rows: ModalRow[];
  active: GridCell | null;
  activeCellId: string | undefined;
  /** The grid cursor's arrow-key handler: true when it handled the key. */
  move: (event: KeyboardEvent) => boolean;
  /** Records a row as chosen (recent searches, insights) before it is followed. */
  chosen: (row: ModalRow) => void;
  onClose: () => void;
}

/**
 * The modal's keyboard (spec §2): in the input, arrows move the active cell and Enter follows the
 * active link as a click would (a new tab with Ctrl/⌘/Shift) or runs the active action; in the
 * dialog, Escape or Ctrl/⌘+K close it and Tab stays inside.
 */
export function modalKeys({ rows, active, activeCellId, move, chosen, onClose }: ModalKeysInput) {
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (move(event) || event.key !== 'Enter' || !active) return;
    event.preventDefault();
    const row = rows[active.row];
    if (active.cell > 0) {
      row.actions[active.cell - 1].onActivate?.();
    } else if (event.ctrlKey || event.metaKey || event.shiftKey) {
      chosen(row);
      if (row.href) window.open(row.href, '_blank', 'noopener');
    } else {
      document.getElementById(activeCellId!)?.querySelector('a')?.click();
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const toggle = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
    if (event.key === 'Escape' || toggle) {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      trapFocus(event);
    }
  };

  return { onInputKeyDown, onDialogKeyDown };
}
