import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevSite } from '../../src/serve/devSite.ts';
import { changelogPath, writeChangelogSite } from '../helpers/changelogSite.ts';

const feedRoute = `${changelogPath}atom.xml`;
let root: string;
let dev: DevSite;

beforeAll(async () => {
  root = await writeChangelogSite('two');
  dev = await DevSite.create(
    root,
    undefined,
    { warning: () => {}, error: (error) => expect.fail(error.format()) },
    true,
  );
});

afterAll(async () => {
  await dev.close();
  await rm(root, { recursive: true, force: true });
});

describe('the dev server, on a save of the current API description', () => {
  it('serves the changelog page and its feed again with the changes worked out anew', async () => {
    // Served once, so both are kept: only a change that names them stale renders them again.
    expect(await dev.file(feedRoute)).toContain('2.0.0: 4 API changes (3 breaking)');
    expect(await dev.page(changelogPath)).toContain('createThing');
    // createThing goes: the diff from 1.0.0 loses the operation it added.
    const file = path.join(root, 'openapi/api.yaml');
    const description = await readFile(file, 'utf8');
    await writeFile(file, description.replace(/\n {4}post:[\s\S]*?(?=\ncomponents:)/, ''));
    const outcome = await dev.changed('openapi/api.yaml');
    expect(outcome?.error).toBeUndefined();
    expect(await dev.file(feedRoute)).toContain('2.0.0: 3 API changes (3 breaking)');
    expect(await dev.page(changelogPath)).not.toContain('createThing');
  });
});
