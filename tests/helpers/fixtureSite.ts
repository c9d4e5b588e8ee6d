import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const fixtureRoot = path.join(projectRoot, 'tests/fixtures/site');

/** A writable copy of the fixture site whose config imports defineConfig by absolute path. */
export async function copyFixtureSite(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-fixture-'));
  await cp(fixtureRoot, dir, { recursive: true });
  const configFile = path.join(dir, 'docsgen.config.ts');
  const config = await readFile(configFile, 'utf8');
  await writeFile(configFile, config.replace('../../../src/config/defineConfig.ts', path.join(projectRoot, 'src/config/defineConfig.ts')));
  return dir;
}

/** Every file below `dir` with its bytes, to compare a folder before and after. */
export async function snapshotDir(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const snapshot = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    snapshot.set(path.relative(dir, file), (await readFile(file)).toString('base64'));
  }
  return snapshot;
}
