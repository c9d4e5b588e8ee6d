import path from 'node:path';
import { engineFingerprint } from './engineFingerprint.ts';

/** The cache's folder in a project, beside its sources (kept out of the output and the watch). */
export const cacheFolder = '.docsgen-cache';

/** A dev server's scratch folder's name: its process id, so that pruning knows when it is gone. */
const devFolder = (pid: number) => `dev-${pid}`;

/** The process id of a dev server's scratch folder, or undefined for any other folder of the cache. */
export function devFolderPid(name: string): number | undefined {
  const pid = /^dev-(\d+)$/.exec(name)?.[1];
  return pid === undefined ? undefined : Number(pid);
}

/** Where a project keeps what the engine caches. */
export interface CachePaths {
  /** The cache's folder. */
  root: string;
  /** Rendered results of this engine, named by its fingerprint (src/cache/engineFingerprint.ts). */
  engine: string;
  /** This dev server's scratch folder (its assets and search index), removed when it is gone. */
  devFiles: string;
}

/** The cache's folders below `projectRoot`; the engine's is worked out when first asked (the fingerprint reads the engine's files). */
export function cachePaths(projectRoot: string): CachePaths {
  const root = path.join(projectRoot, cacheFolder);
  let engine: string | undefined;
  return {
    root,
    get engine() {
      return (engine ??= path.join(root, engineFingerprint()));
    },
    devFiles: path.join(root, devFolder(process.pid)),
  };
}
