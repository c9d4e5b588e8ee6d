import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const fixtureRoot = path.join(projectRoot, 'tests/fixtures/site');

/**
 * A writable copy of the fixture site (its config imports 'docsgen', the engine that runs it),
 * outside any git repository: its pages are dated by their files, without a warning.
 */
export async function copyFixtureSite(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-fixture-'));
  await cp(fixtureRoot, dir, { recursive: true });
  return dir;
}

/**
 * Adds options to the config of a copy of the fixture site, after its `openapi` line: `options` as written in the
 * config's object (`markdownTwins: false,`). Fails when that line is not there, rather than leave the config as it was.
 */
export async function addConfigOptions(site: string, options: string): Promise<void> {
  const config = path.join(site, 'docsgen.config.ts');
  const source = await readFile(config, 'utf8');
  const anchor = "openapi: 'openapi/api.yaml',";
  if (!source.includes(anchor)) throw new Error(`${config} has no line ${anchor}`);
  await writeFile(config, source.replace(anchor, `${anchor}\n  ${options}`));
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
