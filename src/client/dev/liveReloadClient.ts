/**
 * The dev server's browser side (only served by `docsgen serve --watch`): reloads the page when
 * its route changed, keeping the scroll position, and shows build errors in an overlay.
 */
interface ErrorPayload {
  message: string;
  location?: string;
  excerpt?: string;
  /** The numbered line the error points at, with a caret under its column. */
  frame?: string;
}

const scrollKey = 'docsgen:dev-scroll';

function restoreScroll(): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(scrollKey) ?? 'null') as { path: string; y: number } | null;
    sessionStorage.removeItem(scrollKey);
    if (saved && saved.path === location.pathname) window.scrollTo(0, saved.y);
  } catch {
    // Session storage unavailable: the reload starts at the top.
  }
}

function reload(): void {
  try {
    sessionStorage.setItem(scrollKey, JSON.stringify({ path: location.pathname, y: window.scrollY }));
  } catch {
    // Nothing to keep.
  }
  location.reload();
}

function showOverlay(error: ErrorPayload): void {
  hideOverlay();
  const overlay = document.createElement('div');
  overlay.id = 'docsgen-error-overlay';
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build error');
  // Styled through the CSSOM, which a strict Content-Security-Policy allows.
  Object.assign(overlay.style, {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    background: 'rgba(20, 20, 24, 0.92)',
    color: '#f5f5f5',
    font: '15px/1.5 ui-monospace, Menlo, Consolas, monospace',
    padding: '48px',
    overflow: 'auto',
  });
  const box = document.createElement('div');
  Object.assign(box.style, {
    maxWidth: '960px',
    margin: '0 auto',
    borderTop: '6px solid #ff5555',
    background: '#1e1e24',
    padding: '24px 28px',
    borderRadius: '8px',
  });
  const title = document.createElement('h2');
  title.textContent = 'Build error';
  Object.assign(title.style, { margin: '0 0 12px', color: '#ff7b7b', font: '600 20px system-ui, sans-serif' });
  const where = document.createElement('p');
  where.className = 'docsgen-error-location';
  where.textContent = error.location ?? '';
  Object.assign(where.style, { margin: '0 0 8px', color: '#9ecbff' });
  const message = document.createElement('pre');
  message.className = 'docsgen-error-message';
  message.textContent = error.message + (error.excerpt && !error.frame ? `\n\n    ${error.excerpt}` : '');
  Object.assign(message.style, { margin: '0', whiteSpace: 'pre-wrap' });
  const frame = document.createElement('pre');
  frame.className = 'docsgen-error-frame';
  frame.textContent = error.frame ?? '';
  Object.assign(frame.style, { margin: '16px 0 0', color: '#e6e6e6', overflowX: 'auto' });
  const hint = document.createElement('p');
  hint.textContent = 'Fix the file and save: this page reloads by itself.';
  Object.assign(hint.style, { margin: '16px 0 0', color: '#aaa', font: '14px system-ui, sans-serif' });
  box.append(title, where, message, ...(error.frame ? [frame] : []), hint);
  overlay.append(box);
  document.body.append(overlay);
}

function hideOverlay(): void {
  document.getElementById('docsgen-error-overlay')?.remove();
}

restoreScroll();
const events = new EventSource('/__docsgen/events');
events.addEventListener('reload', (event) => {
  const routes = JSON.parse((event as MessageEvent<string>).data) as string[] | '*';
  if (routes === '*' || routes.includes(location.pathname)) reload();
});
events.addEventListener('build-error', (event) =>
  showOverlay(JSON.parse((event as MessageEvent<string>).data) as ErrorPayload),
);
events.addEventListener('build-ok', () => {
  if (document.getElementById('docsgen-error-overlay')) reload();
});
