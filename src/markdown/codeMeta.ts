/**
 * Reads a fence's info string after the language: `label=curl title="a b.js" operation=createBundle`.
 * Bare words become `true`. The record has no prototype, so `constructor` or `__proto__` in a
 * fence's meta are attributes like any other.
 */
export function parseCodeMeta(meta: string | null | undefined): Record<string, string | true> {
  const attributes: Record<string, string | true> = Object.create(null);
  if (!meta) return attributes;
  const pattern = /([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;
  for (const match of meta.matchAll(pattern)) {
    attributes[match[1]] = match[2] ?? match[3] ?? match[4] ?? true;
  }
  return attributes;
}
