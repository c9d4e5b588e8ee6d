import type { DocsgenConfig } from '../config/schema.ts';

/** `{{name}}` → its text. */
export type Variables = ReadonlyMap<string, string>;

/** The `{{name}}` substitutions content may use: the product's name and slug, the docs' version, and the config's own. */
export function contentVariables(config: DocsgenConfig): Variables {
  return new Map(
    Object.entries({
      product: config.product.name,
      productSlug: config.product.slug,
      ...(config.docs.versionLabel ? { versionLabel: config.docs.versionLabel } : {}),
      ...config.variables,
    }),
  );
}

/** `{{name}}`, or `\{{name}}` to write the braces literally (Postman, templates…). */
const placeholder = /(\\?)\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

/** A `{{name}}` the content uses that the config does not define. */
export interface UnknownVariable {
  name: string;
  /** Offset of the `{{` in the text. */
  offset: number;
}

/**
 * Replaces `{{name}}` in a piece of text. Returns the text, or the first unknown name with its
 * offset so the caller can report it where it is written.
 */
export function substituteVariables(text: string, variables: Variables): string | UnknownVariable {
  let unknown: UnknownVariable | undefined;
  const result = text.replace(placeholder, (match, escape: string, name: string, offset: number) => {
    if (escape) return match.slice(1);
    const value = variables.get(name);
    if (value === undefined) unknown ??= { name, offset };
    return value ?? match;
  });
  return unknown ?? result;
}

/** What an unknown variable is reported as, with the names that are known. */
export function unknownVariableMessage(name: string, variables: Variables): string {
  return `unknown variable {{${name}}}; known: ${[...variables.keys()].join(', ')}`;
}

/** Splits text at the variables in it: literal parts and substituted values, in order. */
export function variableParts(
  text: string,
  variables: Variables,
): { value: string; substituted: boolean }[] | UnknownVariable {
  const parts: { value: string; substituted: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(placeholder)) {
    const [whole, escape, name] = match;
    if (match.index > last) parts.push({ value: text.slice(last, match.index), substituted: false });
    last = match.index + whole.length;
    if (escape) {
      parts.push({ value: whole.slice(1), substituted: false });
      continue;
    }
    const value = variables.get(name);
    if (value === undefined) return { name, offset: match.index };
    parts.push({ value, substituted: true });
  }
  if (last < text.length) parts.push({ value: text.slice(last), substituted: false });
  return parts;
}
