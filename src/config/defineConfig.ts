import type { DocsgenConfigInput } from './schema.ts';

/** The config as written, for a config file that names its type. */
export type { DocsgenConfigInput };

/** Identity function that gives `docsgen.config.ts` its types. */
export function defineConfig(config: DocsgenConfigInput): DocsgenConfigInput {
  return config;
}
