/** Scrolling stops this long before the position is written into the history entry. */
const saveDelayMs = 100;
let pendingSave: ReturnType<typeof setTimeout> | undefined;

/** The position saved in a history entry's state, if any. */
export function savedScrollPosition(state: unknown): number | undefined {
  const scrollY = (state as { scrollY?: unknown } | null)?.scrollY;
  return typeof scrollY === 'number' ? scrollY : undefined;
}

/** Saves the scroll position in the current history entry, now. */
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
  else if (location.hash) scrollToHash(location.hash);
  // In-page anchors are the browser's to follow; keep their target in place as sections render.
  // (Back and forward restore the entry's own position instead: see scrollAfterNavigation.)
  window.addEventListener('hashchange', () => {
    if (savedScrollPosition(history.state) === undefined) scrollToHash(location.hash);
  });
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
  if (target) scrollIntoPlace(target);
  else window.scrollTo({ top: saved ?? 0, behavior: 'instant' });
}

function scrollToHash(hash: string): void {
  const target = document.getElementById(decodeHash(hash));
  if (target) scrollIntoPlace(target);
}

/** The target counts as in place once it has not moved for this many frames (or after settleMaxMs). */
const stableFrames = 6;
const settleMaxMs = 3000;

/**
 * Scrolls to `target` and keeps it there while sections laid out only near the viewport
 * (`content-visibility: auto` on the API reference) render and take their real height. Stops
 * once the reader scrolls themselves.
 */
function scrollIntoPlace(target: Element): void {
  target.scrollIntoView();
  const placed = target.getBoundingClientRect().top;
  const started = performance.now();
  let still = 0;
  let stopped = false;
  const stop = () => (stopped = true);
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  for (const name of events) window.addEventListener(name, stop, { once: true, passive: true });
  const check = () => {
    if (stopped || still >= stableFrames || performance.now() - started > settleMaxMs) {
      for (const name of events) window.removeEventListener(name, stop);
      return;
    }
    if (Math.abs(target.getBoundingClientRect().top - placed) > 1) {
      target.scrollIntoView();
      still = 0;
    } else still++;
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
