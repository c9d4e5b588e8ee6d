import type { DiffedVersion } from '../apidiff/versionChanges.ts';
import type { VersionChanges } from '../model/apiChanges.ts';
import type { LoadedSite } from './site.ts';

/**
 * The site's versions, newest first, as the changelog compares them: those with an OpenAPI
 * description (a version without one is skipped, so the one before it is compared with the next).
 */
export function diffedVersions(site: Pick<LoadedSite, 'versions'>): DiffedVersion[] {
  return site.versions.flatMap(({ label, apiBase, openApi, openApiUpdated }) =>
    openApi ? [{ label, apiBase, openApi, openApiUpdated: openApiUpdated! }] : [],
  );
}

/**
 * The site with what changed between its consecutive versions worked out (the changelog, its
 * feed, the reference's marks), kept in `cacheDir`'s render cache when there is one.
 */
export async function withApiChanges<S extends Pick<LoadedSite, 'versions'>>(
  site: S,
  cacheDir: string | undefined,
): Promise<S & { apiChanges: VersionChanges[] }> {
  const versions = diffedVersions(site);
  if (versions.length < 2) return { ...site, apiChanges: [] };
  // Loaded only when there is something to compare: the diff and the bundler behind it (Redocly) are
  // most of a cached build's start otherwise (tests/build/warmBuildImports.test.ts).
  const { versionChanges } = await import('../apidiff/versionChanges.ts');
  return { ...site, apiChanges: await versionChanges(versions, cacheDir) };
}

/** What changed in the version the site value shows since the one before it (none for the oldest, or with one version). */
export const changesShown = (site: Pick<LoadedSite, 'version'> & { apiChanges?: VersionChanges[] }) =>
  site.apiChanges?.find((changes) => changes.version.label === site.version.label);
