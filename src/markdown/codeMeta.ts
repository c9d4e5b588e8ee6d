/**
 * Reads a fence's info string after the language: `label=curl title="a b.js" operation=createBundle`.
 * Bare words become `true`.
 */
export function parseCodeMeta(meta: string | null | undefined): Record<string, string | true> {
  const attributes: Record<string, string | true> = {};
  if (!meta) return attributes;
  const pattern = /([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;
  for (const match of meta.matchAll(pattern)) {
    attributes[match[1]] = match[2] ?? match[3] ?? match[4] ?? true;
  }
  return attributes;
}
