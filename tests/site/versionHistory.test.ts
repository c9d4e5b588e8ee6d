import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite, type Site } from '../../src/site/site.ts';
import { withApiChanges } from '../../src/site/siteApiChanges.ts';
import { writeChangelogSite } from '../helpers/changelogSite.ts';
import { commitAll, gitCommandsOf } from '../helpers/gitRepo.ts';

const cut = '2024-01-02T03:04:05.000Z';
const edited = '2024-05-06T07:08:09.000Z';
let root: string;

/** The changelog fixture with 1.0.0 cut as a version, committed; then one page of 1.0.0 and the current description edited in a second commit. */
beforeAll(async () => {
  root = await writeChangelogSite('two');
  await commitAll(root, 'Cut 1.0.0', cut);
  await writeFile(path.join(root, 'versioned_docs/version-1.0.0/intro.md'), '# Intro\n\nA fix in 1.0.0.\n');
  const api = path.join(root, 'openapi/api.yaml');
  await writeFile(api, `# A comment.\n${await readFile(api, 'utf8')}`);
  await commitAll(root, 'Fix 1.0.0 and the API', edited);
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe("a site's versions and their history", () => {
  it('reads the git history once for every version’s pages and description: two git processes, not two per version and one per feed date', async () => {
    let site: Site | undefined;
    const commands = await gitCommandsOf(root, async () => {
      site = (await withApiChanges(await loadSite(root), undefined)) as Site;
    });
    expect(commands).toEqual(['log', 'rev-parse']);
    const [current, older] = site!.versions;
    const dateOf = (version: typeof current, file: string) =>
      version.docs.find(({ source }) => source.relativePath === file)!.lastUpdated;
    expect(new Date(dateOf(older, 'intro.md')).toISOString()).toBe(edited);
    expect(new Date(dateOf(current, 'intro.md')).toISOString()).toBe(cut);
    // The feed dates 2.0.0 by its description's last commit.
    expect(site!.apiChanges!.map((changes) => changes.updated)).toEqual([edited]);
    expect(new Date(older.openApiUpdated!).toISOString()).toBe(cut);
  });
});
