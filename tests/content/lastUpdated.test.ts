import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDates, readCommitDates } from '../../src/content/lastUpdated.ts';
import { commitAll, git, gitCommandsOf } from '../helpers/gitRepo.ts';

const first = '2020-01-02T03:04:05Z';
const second = '2021-03-04T05:06:07Z';
const fileTime = new Date('2019-06-07T08:09:10Z');
let scratch: string;
let repo: string;
const docs = (root: string) => path.join(root, 'content/docs');
const pagesOf = (root: string, names: string[]) =>
  names.map((relativePath) => ({ relativePath, file: path.join(docs(root), relativePath) }));

/** A project whose history is two commits: `a.md` and `guide/b é.md` on the first date, `guide/b é.md` again on the second. */
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docsgen-git-'));
  repo = path.join(scratch, 'repo');
  await mkdir(path.join(docs(repo), 'guide'), { recursive: true });
  await git(scratch, ['init', '-q', 'repo']);
  await writeFile(path.join(docs(repo), 'a.md'), '# A\n');
  await writeFile(path.join(docs(repo), 'guide/b é.md'), '# B\n');
  await writeFile(path.join(repo, 'outside.md'), '# Not a page\n');
  await commitAll(repo, 'First pages', first);
  await writeFile(path.join(docs(repo), 'guide/b é.md'), '# B\n\nMore.\n');
  await commitAll(repo, 'Second thoughts', second);
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('readCommitDates', () => {
  it('dates each file by the last commit that touched it, from the docs folder only', async () => {
    const commits = await readCommitDates(repo, ['content/docs']);
    expect(commits.gap).toBeUndefined();
    expect(Object.fromEntries(commits.byPath)).toEqual({
      'content/docs/a.md': Date.parse(first),
      'content/docs/guide/b é.md': Date.parse(second),
    });
  });

  it('runs git twice (one `git log` for the whole tree), however many pages there are', async () => {
    const many = path.join(scratch, 'many');
    await mkdir(docs(many), { recursive: true });
    await git(scratch, ['init', '-q', 'many']);
    for (let index = 0; index < 200; index++)
      await writeFile(path.join(docs(many), `page-${index}.md`), `# Page ${index}\n`);
    await commitAll(many, 'Many pages', first);
    const commands = await gitCommandsOf(scratch, async () => {
      const commits = await readCommitDates(many, ['content/docs']);
      expect(commits.byPath.size).toBe(200);
    });
    expect(commands).toEqual(['log', 'rev-parse']);
  });
});

describe('pageDates', () => {
  it('gives committed pages their commit date and says nothing', async () => {
    const dates = await pageDates(
      await readCommitDates(repo, ['content/docs']),
      pagesOf(repo, ['a.md', 'guide/b é.md']),
      'content/docs',
    );
    expect(Object.fromEntries(dates.byPath)).toEqual({ 'a.md': Date.parse(first), 'guide/b é.md': Date.parse(second) });
    expect(dates.warning).toBeUndefined();
  });

  it('dates a page no commit holds yet by its file, and names it', async () => {
    const file = path.join(docs(repo), 'draft.md');
    await writeFile(file, '# Draft\n');
    await utimes(file, fileTime, fileTime);
    const dates = await pageDates(
      await readCommitDates(repo, ['content/docs']),
      pagesOf(repo, ['a.md', 'draft.md']),
      'content/docs',
    );
    expect(Object.fromEntries(dates.byPath)).toEqual({ 'a.md': Date.parse(first), 'draft.md': fileTime.getTime() });
    expect(dates.warning).toBe(
      "the last-updated dates of 1 page no commit holds yet are their files' modification times (content/docs/draft.md)",
    );
    await rm(file);
  });

  it('in a shallow clone, dates by commit what the history kept shows, and the rest by file, saying why', async () => {
    for (const depth of [1, 2]) {
      const clone = path.join(scratch, `shallow-${depth}`);
      await git(scratch, ['clone', '-q', '--depth', String(depth), `file://${repo}`, clone]);
      for (const page of pagesOf(clone, ['a.md', 'guide/b é.md'])) await utimes(page.file, fileTime, fileTime);
      const commits = await readCommitDates(clone, ['content/docs']);
      expect(commits.gap).toBe('shallow');
      const dates = await pageDates(commits, pagesOf(clone, ['a.md', 'guide/b é.md']), 'content/docs');
      // Depth 1 keeps one commit, which claims every file; depth 2 keeps the second commit, which dates b.
      expect(Object.fromEntries(dates.byPath)).toEqual({
        'a.md': fileTime.getTime(),
        'guide/b é.md': depth === 1 ? fileTime.getTime() : Date.parse(second),
      });
      expect(dates.warning).toMatch(
        /^the git clone is shallow: the last-updated dates of \d pages? are their files' modification times \(content\/docs\/a\.md.*\); fetch the whole history \(`git fetch --unshallow`, or `fetch-depth: 0` with actions\/checkout\)$/,
      );
    }
  });

  it('outside any repository, dates every page by its file, and says nothing (every build would say it)', async () => {
    const outside = path.join(scratch, 'outside');
    await mkdir(docs(outside), { recursive: true });
    const file = path.join(docs(outside), 'a.md');
    await writeFile(file, '# A\n');
    await utimes(file, fileTime, fileTime);
    // Whatever holds the scratch folder, git does not look above it.
    const before = process.env.GIT_CEILING_DIRECTORIES;
    process.env.GIT_CEILING_DIRECTORIES = scratch;
    try {
      const dates = await pageDates(
        await readCommitDates(outside, ['content/docs']),
        pagesOf(outside, ['a.md']),
        'content/docs',
      );
      expect(dates.byPath.get('a.md')).toBe(fileTime.getTime());
      expect(dates.warning).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
      else process.env.GIT_CEILING_DIRECTORIES = before;
    }
  });
});

describe('readCommitDates with a cache folder', () => {
  it('runs the log once for a commit; a new commit, another place, other folders or a deeper history read it again', async () => {
    const project = path.join(scratch, 'cached');
    const cacheDir = path.join(scratch, 'cached-cache');
    await mkdir(docs(project), { recursive: true });
    await mkdir(docs(path.join(project, 'other')), { recursive: true });
    await writeFile(path.join(docs(project), 'a.md'), '# A\n');
    await writeFile(path.join(docs(path.join(project, 'other')), 'b.md'), '# B\n');
    await commitAll(project, 'First', first);
    const read = async () => Object.fromEntries((await readCommitDates(project, ['content/docs'], cacheDir)).byPath);
    expect(
      await gitCommandsOf(scratch, async () =>
        expect(await read()).toEqual({ 'content/docs/a.md': Date.parse(first) }),
      ),
    ).toEqual(['log', 'rev-parse']);
    // Served from the cache: git only says which commit is checked out.
    expect(
      await gitCommandsOf(scratch, async () =>
        expect(await read()).toEqual({ 'content/docs/a.md': Date.parse(first) }),
      ),
    ).toEqual(['rev-parse']);
    await writeFile(path.join(docs(project), 'a.md'), '# A\n\nMore.\n');
    await commitAll(project, 'Second', second);
    expect(await read()).toEqual({ 'content/docs/a.md': Date.parse(second) });
    // A project further down the same repository, with a folder of the same name.
    const other = await readCommitDates(path.join(project, 'other'), ['content/docs'], cacheDir);
    expect(Object.fromEntries(other.byPath)).toEqual({ 'content/docs/b.md': Date.parse(first) });
    const both = await readCommitDates(project, ['content/docs', 'other'], cacheDir);
    expect(both.byPath.get('other/content/docs/b.md')).toBe(Date.parse(first));
    // A shallow clone of the last commit keeps one commit, which dates nothing; unshallowed, it dates a.md.
    const clone = path.join(scratch, 'cached-clone');
    await git(scratch, ['clone', '-q', '--depth', '1', `file://${project}`, clone]);
    const shallow = await readCommitDates(clone, ['content/docs'], cacheDir);
    expect([shallow.gap, shallow.byPath.size]).toEqual(['shallow', 0]);
    await git(clone, ['fetch', '-q', '--unshallow']);
    const whole = await readCommitDates(clone, ['content/docs'], cacheDir);
    expect([whole.gap, whole.byPath.get('content/docs/a.md')]).toEqual([undefined, Date.parse(second)]);
  });
});
