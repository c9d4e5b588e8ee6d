import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';
import { DocsgenError } from '../errors.ts';

/**
 * Writes the project's own stylesheet (config `theme.customCss`) into `assetsDir` under a
 * hashed name, as the theme's assets are, and returns its site path (without the base).
 */
export async function publishCustomCss(
  root: string,
  config: Pick<DocsgenConfig, 'theme'>,
  assetsDir: string,
): Promise<string | undefined> {
  if (!config.theme.customCss) return undefined;
  const file = path.resolve(root, config.theme.customCss);
  const css = await readFile(file).catch((error: Error) => {
    throw new DocsgenError(`cannot read theme.customCss: ${error.message}`, { file });
  });
  const name = `assets/custom-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
  await mkdir(path.join(assetsDir, 'assets'), { recursive: true });
  await writeFile(path.join(assetsDir, name), css);
  return `/${name}`;
}
