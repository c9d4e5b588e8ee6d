import { cutVersion, type CutVersion } from '../site/cutVersion.ts';
import { versionsLayout } from '../site/versionsFile.ts';
import { exitCodes } from './exitCodes.ts';
import type { CurrentVersionLink } from '../site/currentVersionLinks.ts';

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
  warnOfCurrentLinks(cut.entry.label, cut.currentLinks);
  warnOfMissingDropdown(cut.entry.label, cut.navbarLacks, options.configFile);
  return exitCodes.ok;
}

/**
 * A site whose navbar has no version dropdown (the default items have none) gives the readers of
 * its current docs no way to the snapshots: said once, here, with what to add to the config.
 */
function warnOfMissingDropdown(label: string, lacks: CutVersion['navbarLacks'], configFile: string): void {
  if (!lacks.includes('docsVersionDropdown')) return;
  console.error(
    `warning: the navbar has no version dropdown, so readers of the current docs cannot reach version ${label}: ` +
      `add { type: 'docsVersionDropdown' } to navbar.items in ${configFile}` +
      (lacks.includes('docs.versionLabel') ? ", and set docs.versionLabel, the current version's name in it" : ''),
  );
}

/** Links shown located, the rest counted: a docs set written with absolute links has hundreds. */
const linksShown = 5;

/**
 * The snapshot's site-absolute links into the current version, left as written (as Docusaurus
 * leaves them): a warning, with where the first ones are and how to keep a link in the version.
 */
function warnOfCurrentLinks(label: string, links: CurrentVersionLink[]): void {
  if (links.length === 0) return;
  console.error(
    `warning: ${links.length} link(s) in version ${label}'s pages lead to the current version's docs or API reference, not ${label}'s; ` +
      `they are left as written. Write a link to the .md file (./page.md) to stay in ${label}, or /docs/${label}/…, /api/${label}/…`,
  );
  for (const { file, line, column, href } of links.slice(0, linksShown))
    console.error(`  ${file}:${line}:${column}: ${href}`);
  if (links.length > linksShown) console.error(`  and ${links.length - linksShown} more`);
}
