import type { DocsgenConfigInput } from './schema.ts';

export type { DocsgenConfigInput };

/** Identity function that gives `docsgen.config.ts` its types. */
export function defineConfig(config: DocsgenConfigInput): DocsgenConfigInput {
  return config;
}
