import { mkdtemp, rename, rm, cp, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Builds go to a temporary folder beside the output folder and replace it only once everything
 * succeeded, so a failed build leaves the previous `dist/` exactly as it was.
 */
export async function createStagingDir(outDir: string): Promise<string> {
  const parent = path.dirname(path.resolve(outDir));
  return mkdtemp(path.join(parent, `.${path.basename(outDir)}-staging-`));
}

export async function publishStagingDir(stagingDir: string, outDir: string): Promise<void> {
  const target = path.resolve(outDir);
  const previous = `${stagingDir}-previous`;
  const exists = await stat(target).then(() => true, () => false);
  if (exists) await rename(target, previous);
  await rename(stagingDir, target);
  if (exists) await rm(previous, { recursive: true, force: true });
}

export async function discardStagingDir(stagingDir: string): Promise<void> {
  await rm(stagingDir, { recursive: true, force: true });
}

export async function copyPublicDir(publicDir: string, outDir: string): Promise<void> {
  const exists = await stat(publicDir).then((info) => info.isDirectory(), () => false);
  if (exists) await cp(publicDir, outDir, { recursive: true });
}
