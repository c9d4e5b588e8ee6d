import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build/build.ts';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';

/** Code blocks highlighted (each highlighted block's HTML is written once, by codeHtml). */
const highlighted = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/markdown/codeHtml.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/markdown/codeHtml.ts')>();
  return {
    ...original,
    codeHtml: (...args: Parameters<typeof original.codeHtml>) => (highlighted.count++, original.codeHtml(...args)),
  };
});

/** A docs page with two code blocks (the second with a highlighted line), `prose` between its title and them. */
const page = (prose: string, { code = 'curl -X POST https://api.example/v1/envelopes', meta = '{2}' } = {}) =>
  `# Sending\n\n${prose}\n\n\`\`\`bash\n${code}\n\`\`\`\n\n\`\`\`json ${meta}\n{\n  "status": "sent"\n}\n\`\`\`\n`;
/** Another page with a block of its own. */
const other = '# Checking\n\n```bash\ncurl https://api.example/v1/envelopes/42\n```\n';

let site: string;
const sendPage = () => path.join(site, 'content/docs/guide/send.md');
beforeAll(async () => {
  site = await copyFixtureSite();
  await writeFile(path.join(site, 'content/docs/guide/check.md'), other);
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

/** The site built with its cache (the build before's), and its `dist/` against a build of the same files with no cache. */
async function buildAgainstCold() {
  highlighted.count = 0;
  const result = await build({ root: site, outDir: 'dist' });
  const warm = highlighted.count;
  await build({ root: site, outDir: 'dist-cold', cache: false });
  expect(await snapshotDir(path.join(site, 'dist'))).toEqual(await snapshotDir(path.join(site, 'dist-cold')));
  return { result, highlighted: warm };
}

describe('code blocks a docs page showed in the last build', () => {
  it('are taken back when the page is edited in its prose: nothing is highlighted, and the site is a build’s without a cache', async () => {
    await writeFile(sendPage(), page('Send an envelope.'));
    await build({ root: site, outDir: 'dist' });
    await writeFile(sendPage(), page('Send an envelope to its signers.'));
    const { highlighted: count } = await buildAgainstCold();
    expect(count).toBe(0);
    expect(await readFile(path.join(site, 'dist/docs/guide/send/index.html'), 'utf8')).toContain('class="shiki"');
  });

  it.each([
    ['its code changed', { code: 'curl -X DELETE https://api.example/v1/envelopes/42' }],
    ['its highlighted lines changed', { meta: '{3}' }],
    ['its numbering changed', { meta: 'showLineNumbers=7' }],
  ])('are highlighted afresh where %s: a kept block never stands for another', async (_, change) => {
    await writeFile(sendPage(), page('Send an envelope.'));
    await build({ root: site, outDir: 'dist' });
    await writeFile(sendPage(), page('Send an envelope, again.', change));
    const { highlighted: count } = await buildAgainstCold();
    expect(count).toBe(1);
  });

  it('never stand for another page’s blocks when the list of last keys is stale or damaged', async () => {
    await writeFile(sendPage(), page('Send an envelope.'));
    await build({ root: site, outDir: 'dist' });
    const snapshot = await snapshotDir(path.join(site, '.docsgen-cache'));
    const keysFile = path.join(
      site,
      '.docsgen-cache',
      [...snapshot.keys()].find((file) => file.endsWith('docs-page-keys.json'))!,
    );
    const keys = JSON.parse(await readFile(keysFile, 'utf8')) as Record<string, string>;
    // The edited page's last entry named as another page's (that page has a different block).
    await writeFile(keysFile, JSON.stringify({ ...keys, '/docs/guide/send/': keys['/docs/guide/check/'] }));
    await writeFile(sendPage(), page('Send an envelope, once more.'));
    expect((await buildAgainstCold()).highlighted).toBe(2);

    await writeFile(sendPage(), page('Send an envelope, twice more.'));
    await writeFile(keysFile, '{"/docs/guide/send/": ');
    expect((await buildAgainstCold()).highlighted).toBe(2);
  });
});
