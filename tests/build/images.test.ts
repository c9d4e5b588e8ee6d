import { cp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, projectRoot, snapshotDir } from '../helpers/fixtureSite.ts';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';
import { listen, waitFor } from '../helpers/liveReloadEvents.ts';

/**
 * Images beside the pages, through the real CLI: copied under their content-hashed names with
 * their sizes, and a missing one reported where it is written by `build`, `check-links` and the
 * dev server's overlay, like a broken link.
 */
const page = `---
title: Pictures
---

# Pictures

![The diagram](./diagram.png)

Text between.

![A photo](photo.jpg) ![The flow](../guide/flow.svg)
`;

let site: string;
const pagePath = () => path.join(site, 'content/docs/guide/pictures.md');
/** The page as messages name it: relative to the project. */
const pageName = 'content/docs/guide/pictures.md';

beforeAll(async () => {
  site = await copyFixtureSite();
  for (const name of ['diagram.png', 'photo.jpg', 'flow.svg'])
    await cp(path.join(projectRoot, 'tests/fixtures/images', name), path.join(site, 'content/docs/guide', name));
  await writeFile(pagePath(), page);
});

afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe('images beside the pages', () => {
  it('are copied under content-hashed names, readable by others, with width, height and lazy loading after the first', async () => {
    const { code, stderr } = await docsgen(['build'], site);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const html = await readFile(path.join(site, 'dist/docs/guide/pictures/index.html'), 'utf8');
    const images = [...html.matchAll(/<img src="\/assets\/[^>]*>/g)].map(([tag]) => tag);
    expect(images).toEqual([
      expect.stringMatching(
        /^<img src="\/assets\/diagram-[0-9a-f]{8}\.png" alt="The diagram" decoding="async" width="320" height="180">$/,
      ),
      expect.stringMatching(
        /^<img src="\/assets\/photo-[0-9a-f]{8}\.jpg" alt="A photo" loading="lazy" decoding="async" width="240" height="160">$/,
      ),
      expect.stringMatching(
        /^<img src="\/assets\/flow-[0-9a-f]{8}\.svg" alt="The flow" loading="lazy" decoding="async" width="160" height="90">$/,
      ),
    ]);
    for (const [tag, name] of images.map((tag, i) => [tag, ['diagram.png', 'photo.jpg', 'flow.svg'][i]])) {
      const copy = path.join(site, 'dist', /src="([^"]+)"/.exec(tag)![1]);
      expect(await readFile(copy)).toEqual(await readFile(path.join(projectRoot, 'tests/fixtures/images', name)));
      expect((await stat(copy)).mode & 0o044).toBe(0o044);
    }
    // The Markdown twin points at the copies too.
    expect(await readFile(path.join(site, 'dist/docs/guide/pictures/index.md'), 'utf8')).toMatch(
      /!\[The diagram\]\(https:\/\/[^)]+\/assets\/diagram-[0-9a-f]{8}\.png\)/,
    );
  });

  it('a missing image fails the build at its file:line:col, with the image it resembles, and leaves dist/ as it was', async () => {
    const before = await snapshotDir(path.join(site, 'dist'));
    await writeFile(pagePath(), page.replace('./diagram.png', './diagarm.png'));
    const { code, stderr } = await docsgen(['build'], site);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `error: content/docs/guide/pictures.md:7:1: missing image ./diagarm.png; did you mean ./diagram.png?\n    ![The diagram](./diagarm.png)\n`,
    );
    expect(await snapshotDir(path.join(site, 'dist'))).toEqual(before);
  });

  it('check-links lists every missing image with the broken links', async () => {
    await writeFile(pagePath(), page.replace('./diagram.png', './diagarm.png').replace('photo.jpg', 'gone/photo.jpg'));
    const { code, stdout } = await docsgen(['check-links'], site);
    expect(code).toBe(1);
    expect(stdout).toContain(`${pageName}:7:1: missing image ./diagarm.png; did you mean ./diagram.png?\n`);
    expect(stdout).toContain(`${pageName}:11:1: missing image gone/photo.jpg; did you mean ./photo.jpg?\n`);
  });

  it('refuses an image path that leaves the project, at its place', async () => {
    await writeFile(pagePath(), page.replace('./diagram.png', '../../../../../../etc/hostname.png'));
    const { code, stderr } = await docsgen(['build'], site);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `error: content/docs/guide/pictures.md:7:1: image ../../../../../../etc/hostname.png leaves the project\n`,
    );
    expect((await readdir(path.join(site, 'dist/assets'))).some((name) => name.startsWith('hostname'))).toBe(false);
  });
});

describe('images in the dev server', () => {
  let child: ChildProcess;
  let url: string;
  let output: () => string;

  beforeAll(async () => {
    await writeFile(pagePath(), page);
    ({ child, url, output } = await startServe(['--watch'], site));
  });

  afterAll(async () => {
    if (child?.exitCode === null) await interrupt(child);
  });

  it('serves the copies, shows a missing image in the overlay on save, and serves an image added later', async () => {
    const src = await waitFor(
      async () =>
        /<img src="(\/assets\/diagram-[0-9a-f]{8}\.png)"/.exec(
          await (await fetch(`${url}/docs/guide/pictures/`)).text(),
        )?.[1],
    );
    const served = await fetch(url + src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    const { events, close } = listen(url);
    await writeFile(pagePath(), page.replace('./diagram.png', './later.png'));
    const error = await waitFor(() => events.find((event) => event.name === 'build-error'));
    const payload = JSON.parse(error.data) as { message: string; location: string };
    expect(payload.message).toBe('missing image ./later.png');
    expect(payload.location).toBe(`${pageName}:7:1`);
    expect(output()).toContain(`error: ${pageName}:7:1: missing image ./later.png`);

    await cp(
      path.join(projectRoot, 'tests/fixtures/images/screen.webp'),
      path.join(site, 'content/docs/guide/later.png'),
    );
    const later = await waitFor(
      async () =>
        /<img src="(\/assets\/later-[0-9a-f]{8}\.png)"[^>]*width="200" height="120"/.exec(
          await (await fetch(`${url}/docs/guide/pictures/`)).text(),
        )?.[1],
    );
    expect((await fetch(url + later)).status).toBe(200);
    close();
  });
});
