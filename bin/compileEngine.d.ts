/** The file URL of the compiled entry point `entry`, built first if needed. */
export function compiledEntry(entry: string, options?: { alone?: boolean }): Promise<string>;
/** The Postman converter's lib/schemaUtils.js with its examples' bodies fixed, or undefined for a file of another shape. */
export function postmanSchemaUtilsSource(source: string): string | undefined;
