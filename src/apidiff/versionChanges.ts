import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VersionChanges, VersionRef } from '../model/apiChanges.ts';
import type { OpenApiModel } from '../openapi/openApiModel.ts';
import { diffOpenApi } from './diffOpenApi.ts';

/** A version of the API as the changelog compares it: its name and place, and its description. */
export interface DiffedVersion extends VersionRef {
  openApi: OpenApiModel;
}

/**
 * What changed between each pair of consecutive versions, newest first (`versions` is newest
 * first, as the version dropdown lists them): none with one version. Each description is
 * validated first, as `docsgen api diff` does: the diff library would stop on a malformed one
 * with a stack trace.
 */
export async function versionChanges(root: string, versions: DiffedVersion[]): Promise<VersionChanges[]> {
  if (versions.length < 2) return [];
  const { validateOpenApi } = await import('../openapi/validateOpenApi.ts');
  for (const { openApi } of versions) await validateOpenApi(openApi);
  return Promise.all(
    versions.slice(0, -1).map(async (next, index) => {
      const old = versions[index + 1];
      const set = await diffOpenApi(old.openApi, next.openApi, { old: old.label, new: next.label });
      return {
        version: { label: next.label, apiBase: next.apiBase },
        previous: { label: old.label, apiBase: old.apiBase },
        updated: await lastChanged(root, next.openApi),
        set,
      };
    }),
  );
}

const run = promisify(execFile);

/**
 * When a description last changed: the last commit that touched one of its files, so that every
 * clone builds the same feed; the files' latest modification time outside a git checkout.
 */
async function lastChanged(root: string, api: OpenApiModel): Promise<string> {
  const files = api.files.map((entry) => path.relative(root, entry.file));
  const committed = await run('git', ['log', '-1', '--format=%cI', '--', ...files], { cwd: root }).then(
    ({ stdout }) => stdout.trim(),
    () => '',
  );
  if (committed) return new Date(committed).toISOString();
  const times = await Promise.all(api.files.map((entry) => stat(entry.file).then((info) => info.mtimeMs)));
  return new Date(Math.max(...times)).toISOString();
}
