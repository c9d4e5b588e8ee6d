import type { DocsgenConfig } from '../config/schema.ts';
import { DocsgenError } from '../errors.ts';

export type Variables = ReadonlyMap<string, string>;

/** The `{{name}}` substitutions content may use, derived from the config. */
export function contentVariables(config: DocsgenConfig): Variables {
  return new Map(
    Object.entries({
      product: config.product.name,
      productSlug: config.product.slug,
      apiBase: config.externalUrls.api,
      appUrl: config.externalUrls.app,
      helpUrl: config.externalUrls.help,
      repoUrl: config.externalUrls.repository,
      mcpUrl: config.externalUrls.mcp,
      marketingUrl: config.externalUrls.marketing,
      ...config.variables,
    }),
  );
}

/** `{{name}}`, or `\{{name}}` to write the braces literally (Postman, templates…). */
const placeholder = /(\\?)\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

/**
 * Replaces `{{name}}` in a page's source. Done on the raw text so that front matter, prose, code
 * and links all see the same values; an unknown name is an error at its position.
 */
export function substituteVariables(source: string, variables: Variables, file: string): string {
  return source.replace(placeholder, (match, escape: string, name: string, offset: number) => {
    if (escape) return match.slice(1);
    const value = variables.get(name);
    if (value !== undefined) return value;
    const before = source.slice(0, offset);
    const line = before.split('\n').length;
    throw new DocsgenError(
      `unknown variable {{${name}}}; known: ${[...variables.keys()].join(', ')}`,
      { file, line, column: offset - before.lastIndexOf('\n') },
      source.split('\n')[line - 1],
    );
  });
}
