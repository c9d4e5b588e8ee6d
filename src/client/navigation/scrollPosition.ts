/** Scrolling stops this long before the position is written into the history entry. */
const saveDelayMs = 100;
let pendingSave: ReturnType<typeof setTimeout> | undefined;

/** The position saved in a history entry's state, if any. */
export function savedScrollPosition(state: unknown): number | undefined {
  const scrollY = (state as { scrollY?: unknown } | null)?.scrollY;
  return typeof scrollY === 'number' ? scrollY : undefined;
}

export function saveScrollPosition(): void {
  clearTimeout(pendingSave);
  history.replaceState({ ...history.state, scrollY: Math.round(window.scrollY) }, '');
}

/** A save still pending belongs to the entry being left, not to the one arriving. */
export function cancelScrollSave(): void {
  clearTimeout(pendingSave);
}

/**
 * Each history entry remembers its scroll position, so back, forward and reload restore it
 * ourselves: the browser's own restoration would run before the new content is in place.
 */
export function trackScrollPosition(): void {
  history.scrollRestoration = 'manual';
  const saved = savedScrollPosition(history.state);
  if (saved !== undefined) window.scrollTo({ top: saved, behavior: 'instant' });
  window.addEventListener(
    'scroll',
    () => {
      clearTimeout(pendingSave);
      pendingSave = setTimeout(saveScrollPosition, saveDelayMs);
    },
    { passive: true },
  );
}

/** After a navigation: the entry's saved position (back, forward), else the hash target, else the top. */
export function scrollAfterNavigation(hash: string, saved: number | undefined): void {
  const target = saved === undefined && hash ? document.getElementById(decodeHash(hash)) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo({ top: saved ?? 0, behavior: 'instant' });
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
