/** A title the description gives: text that is not only whitespace (YAML may read a bare `2024` as a number). */
const given = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && String(value).trim() !== '' ? String(value) : undefined;

/**
 * What the reference titles an operation with (its heading, its sidebar entry, its search record),
 * in Redoc's order: its `summary`, else its operationId, else its method and path. A blank summary
 * or operationId counts as none: it made an empty heading and sidebar link. Redoc's next fallback,
 * the description's first 50 characters, is not followed: cut mid-word and mid-markup (Stripe's
 * descriptions start with `<p>`) it makes no title. Stripe's description gives no `summary` at
 * all, so its 468 operations are titled by operationId (`GetAccount`), as in Redoc.
 */
export const operationTitle = (operation: { summary?: unknown; operationId?: unknown }, method: string, path: string) =>
  given(operation.summary) ?? given(operation.operationId) ?? `${method.toUpperCase()} ${path}`;

/** What the reference titles a webhook with: its `summary`, else its name. */
export const webhookTitle = (operation: { summary?: unknown }, name: string) => given(operation.summary) ?? name;
