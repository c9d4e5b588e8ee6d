import { fromMarkup } from '../fromMarkup.ts';

const content = () => document.getElementById('__docsgen_content');

/** Whether the content area shows the load-error box (a new load then shows the spinner). */
export function contentShowsError(): boolean {
  return content()?.querySelector(':scope > .content-error') != null;
}

/**
 * Replaces the content with the red box (an alert): the error text, and a Retry button that calls
 * `retry`, focused so that Enter tries again.
 */
export function showContentError(error: unknown, retry: () => void): void {
  const box = fromMarkup(
    '<div class="content-status content-error" role="alert"><p class="content-error__title">This page could not be loaded.</p><p class="content-error__message"></p><button type="button" class="button content-error__retry">Retry</button></div>',
  );
  const message = box.querySelector('.content-error__message');
  if (message) message.textContent = error instanceof Error ? error.message : String(error);
  const button = box.querySelector('button');
  button?.addEventListener('click', retry, { once: true });
  content()?.replaceChildren(box);
  button?.focus({ preventScroll: true });
}

/** Replaces the content with the loading spinner. */
export function showContentLoading(): void {
  content()?.replaceChildren(
    fromMarkup(
      '<div class="content-status content-loading" role="status"><span class="content-loading__spinner" aria-hidden="true"></span><span class="visually-hidden">Loading…</span></div>',
    ),
  );
}
