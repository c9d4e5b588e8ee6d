import { versionChanges, type DiffedVersion } from '../apidiff/versionChanges.ts';
import type { VersionChanges } from '../model/apiChanges.ts';
import type { LoadedSite } from './site.ts';

/** The site's versions, newest first, as the changelog compares them: today the one it documents. */
export function diffedVersions(site: Pick<LoadedSite, 'config' | 'openApi'>): DiffedVersion[] {
  return [{ label: site.config.docs.versionLabel, apiBase: '/api/', openApi: site.openApi }];
}

/** The site with what changed between its consecutive versions worked out (the changelog, its feed, the reference's marks). */
export async function withApiChanges<S extends Pick<LoadedSite, 'root' | 'config' | 'openApi'>>(
  site: S,
): Promise<S & { apiChanges: VersionChanges[] }> {
  return { ...site, apiChanges: await versionChanges(site.root, diffedVersions(site)) };
}
