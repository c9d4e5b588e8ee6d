import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsgen } from '../helpers/cli.ts';
import { changelogPath, writeChangelogSite } from '../helpers/changelogSite.ts';

/**
 * The two-version fixture (1.0.0 cut with `docsgen version`, then the description changed) built
 * by the real CLI: the changelog page, its feed and the marked reference are written, and every
 * link they hold, into both versions' references, resolves (`docsgen check-links`).
 */
let root: string;
beforeAll(async () => {
  root = await writeChangelogSite('two');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const read = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');

describe('a site of two versions, built', () => {
  it('writes the changelog, its feed and the marked reference, and every link resolves', async () => {
    const build = await docsgen(['build'], root);
    expect(build.stderr).not.toMatch(/error/i);
    expect(build.code).toBe(0);
    const page = await read(`${changelogPath.slice(1)}index.html`);
    expect(page).toContain('<a href="/api/#operation/createThing">POST /things/ (createThing)</a>');
    expect(page).toContain('<a href="/api/1.0.0/">1.0.0</a>');
    const feed = parseFeed(await read(`${changelogPath.slice(1)}atom.xml`));
    expect(feed.items.map((item) => item.title)).toEqual(['2.0.0: 4 API changes (3 breaking)']);
    expect(await read('api/index.html')).toContain('New in 2.0.0');
    expect(await read('api/1.0.0/index.html')).not.toContain('api-mark');
    const check = await docsgen(['check-links'], root);
    expect(check.stdout).toMatch(/^No broken links in \d+ pages and \d+ unlisted pages?\.$/m);
    expect(check.code).toBe(0);
  });
});
