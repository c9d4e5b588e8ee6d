/**
 * postman-collection's `PropertyBase`, the base of every object the Postman converter builds (items,
 * requests, URLs, headers, responses: ~100,000 for GitHub's description), keeps the keys of its
 * definition that start with `_` as its meta, without those underscores: found with lodash's chain
 * `_(src).pickBy(isMeta).mapKeys(unprefix)`, whose `pickBy` lists every key of the definition's
 * prototype chain (a definition is often another SDK object, whose class has dozens of enumerable
 * methods) and its symbols, builds a path for each, and copies the result once more. This is the
 * same object made in one loop over the same keys in the same order: own and inherited enumerable
 * keys, the last of two keys that differ only in their leading underscores winning, and
 * `__proto__` left out as lodash's `baseSet` leaves it out. bin/compileEngine.js puts it in place of
 * that chain in the file (lib/collection/property-base.js).
 */
export function definitionMeta(definition: object | string): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const key in definition as Record<string, unknown>) {
    if (key.length > 1 && key[0] === '_' && key !== '__proto__')
      meta[key.replace(/^_+/, '')] = (definition as Record<string, unknown>)[key];
  }
  return meta;
}
