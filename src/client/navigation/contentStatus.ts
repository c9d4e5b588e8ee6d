const content = () => document.getElementById('__docsgen_content');

/** A copy of a status box rendered by the templates (`ContentLoadError`, `ContentLoading`). */
function statusBox(templateId: string): HTMLElement | undefined {
  const template = document.getElementById(templateId);
  const box = template instanceof HTMLTemplateElement ? template.content.firstElementChild?.cloneNode(true) : undefined;
  return box instanceof HTMLElement ? box : undefined;
}

/** Whether the content area shows the load-error box (a new load then shows the spinner). */
export function contentShowsError(): boolean {
  return content()?.querySelector(':scope > .content-error') != null;
}

/**
 * Replaces the content with the red box (an alert): the error text, and a Retry button that calls
 * `retry`, focused so that Enter tries again.
 */
export function showContentError(error: unknown, retry: () => void): void {
  const box = statusBox('content-load-error');
  if (!box) return;
  const message = box.querySelector('.content-error__message');
  if (message) message.textContent = error instanceof Error ? error.message : String(error);
  const button = box.querySelector('button');
  button?.addEventListener('click', retry, { once: true });
  content()?.replaceChildren(box);
  button?.focus({ preventScroll: true });
}

/** Replaces the content with the loading spinner. */
export function showContentLoading(): void {
  const box = statusBox('content-loading');
  if (box) content()?.replaceChildren(box);
}
