import type { KeyboardEvent } from 'react';

/** Tab and Shift+Tab cycle through the dialog's controls (aria-modal promises focus stays inside). */
export function trapFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(
      'input, button:not([tabindex="-1"]):not([hidden]), a[href]:not([tabindex="-1"])',
    ),
  ].filter((element) => element.offsetParent !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
