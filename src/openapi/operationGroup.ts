/**
 * The group an operation is listed under in the reference (its sidebar group, its page when the
 * reference is split): its first tag; without one, the first segment of its path that is neither a
 * prefix (a version, `api`, `rest`) nor a parameter, humanised (`/v1/payment_intents/{intent}` and
 * `/api/v1/payment-intents` → "Payment intents"), so that an API that tags nothing (Stripe's 468
 * operations) reads by resource instead of as one "Other". A path made only of such segments (`/`,
 * `/v2`, `/api`) is "Other". The rule looks at the operation's own path only, so an operation's group
 * (and its page's slug) never moves when others are added.
 */
export function operationGroup(operation: any, path: string): string {
  if (operation?.tags?.[0] !== undefined) return String(operation.tags[0]);
  const segment = path
    .split('/')
    .find((part) => part !== '' && !isVersion(part) && !isApiPrefix(part) && !/^\{.*\}$/.test(part));
  return (segment && humanised(segment)) || 'Other';
}

/** `v1`, `v2beta1`, `v1.2`, `2`, `1.0` or a dated version (`2024-10-28`): the prefix many APIs put first. */
const isVersion = (segment: string) => /^(v\d+(\.\d+)*([a-z]+\d*)?|\d+(\.\d+)*|\d{4}-\d{2}-\d{2})$/i.test(segment);

/** `api` and `rest`: the words many APIs put before their resources (`/api/v1/users`), never a resource of their own. */
const isApiPrefix = (segment: string) => /^(api|rest)$/i.test(segment);

/** `payment_intents`, `payment-intents` and `paymentIntents` → "Payment intents"; an acronym (`OAuth`, `SKUs`) is kept as written. */
function humanised(segment: string): string {
  const words = segment
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word, index) => (index > 0 && /^\p{Lu}\p{Ll}*$/u.test(word) ? word.toLowerCase() : word));
  if (words.length === 0) return '';
  return `${words[0].charAt(0).toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}`.trim();
}
