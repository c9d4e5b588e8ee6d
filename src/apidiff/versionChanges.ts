import { cacheSet } from '../cache/cacheSet.ts';
import { hashOf } from '../cache/renderCache.ts';
import type { ApiChangeSet, VersionChanges, VersionRef } from '../model/apiChanges.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';

/** A version of the API as the changelog compares it: its name and place, its description and when that last changed. */
export interface DiffedVersion extends VersionRef {
  openApi: OpenApiModel;
  /** ms since the epoch (src/content/lastUpdated.ts filesChangedAt). */
  openApiUpdated: number;
}

/**
 * What changed between each pair of consecutive versions, newest first (`versions` is newest
 * first, as the version dropdown lists them): none with one version. A pair's changes are kept
 * in the render cache under the two descriptions' signatures and labels, so a build whose
 * descriptions did not change neither validates nor compares them (nor loads Redocly and the diff
 * library): that was most of a warm build's extra time with a second version. On a miss each
 * description is validated first, as `docsgen api diff` does: the diff library would stop on a
 * malformed one with a stack trace.
 */
export async function versionChanges(
  versions: DiffedVersion[],
  cacheDir: string | undefined,
): Promise<VersionChanges[]> {
  if (versions.length < 2) return [];
  const caches = cacheSet({ cacheDir });
  const cache = caches.cache<ApiChangeSet>('api-changes', versions.length);
  const validated = new Map<OpenApiModel, Promise<void>>();
  const valid = (api: OpenApiModel) => {
    if (!validated.has(api))
      validated.set(
        api,
        import('../openapi/validateOpenApi.ts').then(({ validateOpenApi }) => validateOpenApi(api)),
      );
    return validated.get(api)!;
  };
  try {
    return await Promise.all(
      versions.slice(0, -1).map(async (next, index) => {
        const old = versions[index + 1];
        const key = hashOf('api-changes', old.openApi.signature, next.openApi.signature, old.label, next.label);
        const set = await cache.getOrCompute(key, async () => {
          await valid(old.openApi);
          await valid(next.openApi);
          const { diffOpenApi } = await import('./diffOpenApi.ts');
          return diffOpenApi(old.openApi, next.openApi, { old: old.label, new: next.label });
        });
        return {
          version: { label: next.label, apiBase: next.apiBase },
          previous: { label: old.label, apiBase: old.apiBase },
          updated: new Date(next.openApiUpdated).toISOString(),
          set,
        };
      }),
    );
  } finally {
    caches.close();
  }
}
