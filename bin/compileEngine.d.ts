/** The file URL of the compiled entry point `entry`, built first if needed. */
export function compiledEntry(entry: string, options?: { alone?: boolean }): Promise<string>;
/** By file under node_modules: the Postman converter's file with its fix, or undefined for a file of another shape. */
export const postmanConverterFixes: Record<string, (source: string) => string | undefined>;
/** By file under node_modules: the Markdown parser's file with its fix, or undefined for a file of another shape. */
export const markdownParserFixes: Record<string, (source: string) => string | undefined>;
/** The esbuild plugin that gives the Markdown parser's files their fixes when the engine is bundled. */
export const markdownParserFixesPlugin: import('esbuild').Plugin;
