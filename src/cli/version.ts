import { cutVersion } from '../site/cutVersion.ts';
import { versionsLayout } from '../site/versionsFile.ts';
import { exitCodes } from './exitCodes.ts';

/**
 * `docsgen version <label>`: snapshots the current docs and OpenAPI description as `label`
 * (src/site/cutVersion.ts) and says what it wrote. A label that cannot be one, or is taken, is a
 * usage error (exit 2); a config or description that cannot be read, a content error (exit 1).
 */
export async function runVersion(options: { root: string; label: string; configFile: string }): Promise<number> {
  const cut = await cutVersion(options.root, options.label, options.configFile);
  console.log(
    `version ${cut.entry.label}: ${cut.pages} pages in ${cut.docsDir}/, ${cut.openApiFiles ? `${cut.openApiFiles} OpenAPI file(s) in ${cut.openApiDir}/, ` : ''}listed first in ${versionsLayout.file}`,
  );
  return exitCodes.ok;
}
