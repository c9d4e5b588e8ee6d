import { cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError, UsageError } from '../errors.ts';
import { writeAside } from '../fs/writeAside.ts';
import { loadConfig } from '../config/loadConfig.ts';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
import { labelProblem, readVersionsFile, versionsLayout, type VersionEntry } from './versionsFile.ts';
import { currentVersionLinks, type CurrentVersionLink } from './currentVersionLinks.ts';
import { currentVersion, snapshotVersion } from './siteVersions.ts';

/** What `docsgen version <label>` made. */
export interface CutVersion {
  entry: VersionEntry;
  /** The folders it wrote, from the project root (the second one only when the site has an OpenAPI description). */
  docsDir: string;
  openApiDir: string;
  pages: number;
  openApiFiles: number;
  /** The snapshot's site-absolute links that lead to the current version (left as written). */
  currentLinks: CurrentVersionLink[];
  /** What the config's navbar lacks for readers to reach the versions: the dropdown, and the current version's label it shows. */
  navbarLacks: ('docsVersionDropdown' | 'docs.versionLabel')[];
}

/**
 * Snapshots the version writers edit as `label`, as `docusaurus docs:version` does: the docs
 * folder (pages, `_category_.yml` files, images) is copied to `versioned_docs/version-<label>/`,
 * every file of the OpenAPI description to `versioned_openapi/<label>/`, and the label is put at
 * the head of versions.json. The copies are made under temporary names and versions.json is
 * written last, so a failed run leaves the project as it was.
 */
export async function cutVersion(root: string, label: string, configFile = 'docsgen.config.ts'): Promise<CutVersion> {
  const problem = labelProblem(label);
  if (problem) throw new UsageError(problem);
  const entries = await readVersionsFile(root);
  if (entries.some((entry) => entry.label === label))
    throw new UsageError(`version "${label}" exists already (${versionsLayout.file}); choose another label`);
  const { config } = await loadConfig(path.resolve(root, configFile), root);
  // Loading checks the description and finds every file it is made of, all below its root file's folder.
  const api = config.openapi === undefined ? undefined : await loadOpenApi(path.resolve(root, config.openapi));
  const docsDir = versionsLayout.docsDir(label);
  const openApiDir = versionsLayout.openApiDir(label);
  for (const folder of [docsDir, openApiDir])
    if (await exists(path.join(root, folder)))
      throw new UsageError(
        `${folder} exists already, though ${versionsLayout.file} does not list "${label}": remove it or choose another label`,
      );

  const staging = (folder: string) => path.join(root, `${folder}.partial`);
  // What a run that was stopped half-way left.
  const removeStaging = () =>
    Promise.all([docsDir, openApiDir].map((folder) => rm(staging(folder), { recursive: true, force: true })));
  await removeStaging();
  try {
    await cp(path.join(root, versionsLayout.currentDocsDir), staging(docsDir), { recursive: true, errorOnExist: true });
    for (const { file, source } of api?.files ?? []) {
      const target = path.join(staging(openApiDir), path.relative(path.dirname(api!.file), file));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, source);
    }
    await rename(staging(docsDir), path.join(root, docsDir));
    if (api) await rename(staging(openApiDir), path.join(root, openApiDir));
  } catch (error) {
    await removeStaging();
    if (error instanceof DocsgenError || error instanceof UsageError) throw error;
    throw new DocsgenError(`cannot write the snapshot: ${(error as Error).message}`, {
      file: path.join(root, docsDir),
    });
  }
  const entry: VersionEntry = api ? { label, openapi: path.basename(api.file) } : { label };
  const versionsFile = path.join(root, versionsLayout.file);
  await writeAside(versionsFile, `${JSON.stringify([entry, ...entries], null, 2)}\n`);
  const pages = await countMarkdown(path.join(root, docsDir));
  const { meta: current } = currentVersion(config);
  const currentLinks = await currentVersionLinks(
    root,
    docsDir,
    [current.docsBase, current.apiBase],
    [entry, ...entries].flatMap((version) => [
      snapshotVersion(version).meta.docsBase,
      snapshotVersion(version).meta.apiBase,
    ]),
  );
  const dropdown = config.navbar.items.some((item) => item.type === 'docsVersionDropdown');
  const navbarLacks = [
    ...(dropdown ? [] : (['docsVersionDropdown'] as const)),
    ...(config.docs.versionLabel ? [] : (['docs.versionLabel'] as const)),
  ];
  return { entry, docsDir, openApiDir, pages, openApiFiles: api?.files.length ?? 0, currentLinks, navbarLacks };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function countMarkdown(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.md')).length;
}
