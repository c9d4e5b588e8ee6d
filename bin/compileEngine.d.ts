/** The file URL of the compiled entry point `entry`, built first if needed. */
export function compiledEntry(entry: string, options?: { alone?: boolean }): Promise<string>;
/** By file under node_modules: the Postman converter's file with its fix, or undefined for a file of another shape. */
export const postmanConverterFixes: Record<string, (source: string) => string | undefined>;
