import { appendFile, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
});
afterAll(() => rm(site, { recursive: true, force: true }));

const inode = async (file: string) => (await stat(path.join(site, file))).ino;

describe('the output kept in the cache', () => {
  it('links the files an edit left unchanged, writes the others and any edited by hand, and equals a cold build', async () => {
    await build({ root: site, outDir: 'dist' });
    const unchanged = 'dist/docs/intro/index.html';
    const handEdited = 'dist/docs/guide/step/index.html';
    const before = await inode(unchanged);
    // Edited in place: the kept copy is the same file, and must not be carried over.
    await appendFile(path.join(site, handEdited), '<p>added by hand</p>');
    const page = path.join(site, 'content/docs/guide/index.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nA paragraph about zeppelins.\n`);

    await build({ root: site, outDir: 'dist' });
    expect(await inode(unchanged)).toBe(before);
    expect(await readFile(path.join(site, handEdited), 'utf8')).not.toContain('added by hand');
    expect(await readFile(path.join(site, 'dist/docs/guide/index.html'), 'utf8')).toContain('zeppelins');

    await build({ root: site, outDir: 'cold', cache: false });
    expect(await snapshotDir(path.join(site, 'dist'))).toEqual(await snapshotDir(path.join(site, 'cold')));
  });

  it('never keeps a generated file that public/ replaced, nor writes through to the published one', async () => {
    const robots = path.join(site, 'dist/robots.txt');
    const publicRobots = path.join(site, 'public/robots.txt');
    await build({ root: site, outDir: 'dist' });
    const generated = await readFile(robots, 'utf8');
    // The published file, held by another name: the next build links the kept copy, which is this file.
    await link(robots, path.join(site, 'published-robots.txt'));
    // public/robots.txt replaces the generated one after the page writer has put it (a link) in place.
    await mkdir(path.join(site, 'public'), { recursive: true });
    await writeFile(publicRobots, 'User-agent: *\nDisallow: /first/\n');
    await build({ root: site, outDir: 'dist' });
    expect(await readFile(robots, 'utf8')).toContain('/first/');
    expect(await readFile(path.join(site, 'published-robots.txt'), 'utf8')).toBe(generated);

    // Kept afresh while public/robots.txt is there, then public/robots.txt removed: the generated one is published.
    await rm(path.join(site, '.docsgen-cache'), { recursive: true, force: true });
    await build({ root: site, outDir: 'dist' });
    await rm(publicRobots);
    await build({ root: site, outDir: 'dist' });
    expect(await readFile(robots, 'utf8')).toBe(generated);
  });
});
