/** The file URL of the compiled entry point `entry`, built first if needed. */
export function compiledEntry(entry: string, options?: { alone?: boolean }): Promise<string>;
