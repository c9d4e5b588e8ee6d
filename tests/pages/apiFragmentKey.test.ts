import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

/** Replaces `from` by `to` in one of the site's files, failing when `from` is not there. */
async function edit(file: string, from: string, to: string) {
  const full = path.join(site, file);
  const source = await readFile(full, 'utf8');
  if (!source.includes(from)) throw new Error(`${file} has no ${from}`);
  await writeFile(full, source.replace(from, to));
}

describe("a description fragment kept in the build's cache", () => {
  it('is rendered again when a content variable it uses changes', async () => {
    await edit(
      'openapi/api.yaml',
      'description: Things you can list.',
      "description: 'Things you *can* list at {{apiBase}}.'",
    );
    await build({ root: site, outDir: 'first' });
    expect(await readFile(path.join(site, 'first/api/index.html'), 'utf8')).toContain(
      'Things you <em>can</em> list at <a href="https://api.fixture.example/v1"',
    );
    await edit(
      'docsgen.config.ts',
      "apiBase: 'https://api.fixture.example/v1'",
      "apiBase: 'https://api.fixture.example/v2'",
    );
    await build({ root: site, outDir: 'second' });
    const page = await readFile(path.join(site, 'second/api/index.html'), 'utf8');
    expect(page).toContain('Things you <em>can</em> list at <a href="https://api.fixture.example/v2"');
    expect(page).not.toContain('list at <a href="https://api.fixture.example/v1"');
  }, 120_000);
});
