import { createHash } from 'node:crypto';

/**
 * Every cache entry carries a digest of its content, checked when it is read: a truncated,
 * overwritten or half-written entry is a miss (the build renders afresh and writes it again),
 * never a crash and never garbage shipped under a content-hashed name.
 */
export function digestOf(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 32);
}

/** A text entry with its digest on the first line. */
export function seal(payload: string): string {
  return `${digestOf(payload)}\n${payload}`;
}

/** The payload of a sealed entry, or undefined when it does not verify. */
export function unseal(text: string): string | undefined {
  const newline = text.indexOf('\n');
  if (newline !== 32) return undefined;
  const payload = text.slice(newline + 1);
  return digestOf(payload) === text.slice(0, newline) ? payload : undefined;
}

/** A sealed JSON entry's value, or undefined when it does not verify or parse. */
export function unsealJson<T>(text: string): T | undefined {
  const payload = unseal(text);
  if (payload === undefined) return undefined;
  try {
    return JSON.parse(payload) as T;
  } catch {
    return undefined;
  }
}
