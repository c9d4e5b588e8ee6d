/** A title the description gives: text that is not only whitespace (YAML may read a bare `2024` as a number). */
const given = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && String(value).trim() !== '' ? String(value) : undefined;

/**
 * What the reference titles an operation with (its heading, its sidebar entry, its search record),
 * in Redoc's order: its one-line `summary`, else its operationId, else its method and path. A blank summary
 * or operationId counts as none: it made an empty heading and sidebar link. Redoc's next fallback,
 * the description's first 50 characters, is not followed: cut mid-word and mid-markup (Stripe's
 * descriptions start with `<p>`) it makes no title. Stripe's description gives no `summary` at
 * all, so its 468 operations are titled by operationId (`GetAccount`), as in Redoc.
 */
export const operationTitle = (operation: Titled, method: string, path: string) =>
  titleLine(operation.summary) ?? given(operation.operationId) ?? `${method.toUpperCase()} ${path}`;

/** What the reference titles a webhook with, in the same order: its `summary`, else its operationId, else its name. */
export const webhookTitle = (operation: Titled, name: string) =>
  titleLine(operation.summary) ?? given(operation.operationId) ?? name;

/**
 * A summary too long to title its operation (more than a line), which the reference shows as the
 * first paragraphs of the description instead, so that none of it is lost.
 */
export const summaryAsText = (operation: Titled): string | undefined =>
  titleLine(operation.summary) === undefined ? given(operation.summary) : undefined;

interface Titled {
  summary?: unknown;
  operationId?: unknown;
}

/**
 * A summary that can title an operation: one line. GitHub's 270 webhooks each give paragraphs of
 * Markdown as their summary (the event explained, with links and quotes), which made headings and
 * sidebar entries of 20 lines with the Markdown as written.
 */
const titleLine = (value: unknown): string | undefined => {
  const text = given(value);
  return text?.trim().includes('\n') ? undefined : text;
};
