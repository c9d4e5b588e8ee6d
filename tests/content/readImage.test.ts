import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readImage } from '../../src/content/readImage.ts';
import { DocsgenError } from '../../src/errors.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-images-'));
  await cp(path.join(projectRoot, 'tests/fixtures/images'), dir, { recursive: true });
});

describe('readImage', () => {
  it.each([
    ['diagram.png', 320, 180],
    ['photo.jpg', 240, 160],
    ['screen.webp', 200, 120],
    ['badge.gif', 40, 30],
    ['flow.svg', 160, 90],
    ['scalable.svg', 300, 100],
    // Stored 240×160, its EXIF turns it a quarter: browsers show it 160×240.
    ['turned.jpg', 160, 240],
  ])('reads the width and height of %s', async (name, width, height) => {
    const image = await readImage(path.join(dir, name), `guide/${name}`);
    expect(image).toMatchObject({ relativePath: `guide/${name}`, width, height });
    expect(image.url).toMatch(new RegExp(`^/assets/${name.replace(/\.\w+$/, '')}-[0-9a-f]{8}\\${path.extname(name)}$`));
  });

  it('names the copy by its content: the same bytes the same URL, others another', async () => {
    await cp(path.join(dir, 'diagram.png'), path.join(dir, 'copy.png'));
    const [one, same, other] = await Promise.all([
      readImage(path.join(dir, 'diagram.png'), 'a/diagram.png'),
      readImage(path.join(dir, 'copy.png'), 'b/diagram.png'),
      readImage(path.join(dir, 'photo.jpg'), 'b/diagram.jpg'),
    ]);
    expect(same.url).toBe(one.url);
    const hash = (url: string) => /-([0-9a-f]{8})\.\w+$/.exec(url)![1];
    expect(other.url).toMatch(/^\/assets\/diagram-[0-9a-f]{8}\.jpg$/);
    expect(hash(other.url)).not.toBe(hash(one.url));
  });

  it('keeps a URL-safe name for any file name', async () => {
    await cp(path.join(dir, 'diagram.png'), path.join(dir, 'Flow chart (v2) ünïcode.png'));
    expect((await readImage(path.join(dir, 'Flow chart (v2) ünïcode.png'), 'Flow chart (v2) ünïcode.png')).url).toMatch(
      /^\/assets\/Flow-chart-v2-n-code-[0-9a-f]{8}\.png$/,
    );
  });

  it('leaves out the size of an SVG that states none, and refuses a raster image it cannot measure', async () => {
    await writeFile(path.join(dir, 'sizeless.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    const svg = await readImage(path.join(dir, 'sizeless.svg'), 'sizeless.svg');
    expect(svg.width).toBeUndefined();
    expect(svg.height).toBeUndefined();
    await writeFile(path.join(dir, 'broken.png'), 'not a png');
    const error = await readImage(path.join(dir, 'broken.png'), 'broken.png').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).format()).toMatch(/broken\.png: cannot read this image's width and height: /);
  });
});
