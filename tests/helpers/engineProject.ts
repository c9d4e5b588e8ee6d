import { cp, mkdtemp, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './fixtureSite.ts';

/**
 * A scratch project that holds the engine, as this repository does, so its theme is the
 * project's to edit (the dev server compiles it again on a save): the engine's code, the files of
 * `fixture` (a folder of this repository) and this repository's installed packages (linked).
 */
export async function projectHoldingEngine(prefix: string, fixture: string): Promise<string> {
  const project = await mkdtemp(path.join(os.tmpdir(), prefix));
  for (const entry of ['src', 'templates', 'bin', 'package.json'])
    await cp(path.join(projectRoot, entry), path.join(project, entry), { recursive: true });
  await cp(path.join(projectRoot, fixture), project, { recursive: true });
  await symlink(path.join(projectRoot, 'node_modules'), path.join(project, 'node_modules'));
  return project;
}
