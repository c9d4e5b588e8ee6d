import type { z } from 'zod';

type Schema = z.core.$ZodType;

/**
 * The keys an object schema allows at `path` (as zod reports an issue's path), for "did you mean"
 * on an unknown key: wrappers (optional, default, transforms) are seen through, an array's path
 * step leads to its element, and a union's options are narrowed by the value written there (a
 * navbar item's `type`).
 */
export function knownKeysAt(schema: Schema, path: readonly PropertyKey[], value: unknown): string[] {
  let current: Schema | undefined = schema;
  let written = value;
  for (const key of path) {
    current = objectOrArray(current, written);
    if (!current) return [];
    const def = current._zod.def as { type: string; shape?: Record<string, Schema>; element?: Schema };
    current = def.type === 'array' ? def.element : def.shape?.[String(key)];
    written = (written as Record<PropertyKey, unknown> | undefined)?.[key];
  }
  const object = objectOrArray(current, written);
  const shape = (object?._zod.def as { shape?: Record<string, Schema> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** The object or array schema under a schema's wrappers; of a union, the option whose literals match `value`. */
function objectOrArray(schema: Schema | undefined, value: unknown): Schema | undefined {
  let current = schema;
  while (current) {
    const def = current._zod.def as { type: string; innerType?: Schema; in?: Schema; options?: Schema[] };
    if (def.type === 'object' || def.type === 'array') return current;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else if (def.type === 'union')
      current = def.options!.find((option) => matchesLiterals(option, value)) ?? def.options![0];
    else return undefined;
  }
  return undefined;
}

/** Whether `value` has every literal an option's discriminating keys demand (zod's propValues). */
function matchesLiterals(option: Schema, value: unknown): boolean {
  const literals = (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues ?? {};
  const record = (value ?? {}) as Record<string, unknown>;
  return Object.entries(literals).every(([key, allowed]) => allowed.has(record[key]));
}
