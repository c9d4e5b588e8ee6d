import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersionLinks } from '../../src/site/currentVersionLinks.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-current-links-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe("a snapshot's links into the current version", () => {
  it('finds site-absolute links and definitions into /docs/ and /api/, not those into a version, relative ones or code', async () => {
    await mkdir(path.join(root, 'versioned_docs/version-1.0/guide'), { recursive: true });
    await writeFile(
      path.join(root, 'versioned_docs/version-1.0/guide/page.md'),
      [
        'See [a](/docs/x/) and [b](/docs/1.0/x/) and [c](./x.md) and [d](https://other.example/docs/).',
        '```md',
        '[in code](/api/)',
        '```',
        '[e]: /api/#operation/listThings',
        '![f](/api/2.0/)',
      ].join('\n'),
    );
    expect(
      await currentVersionLinks(root, 'versioned_docs/version-1.0', ['/docs/', '/api/'], ['/docs/1.0/', '/api/1.0/']),
    ).toEqual([
      { file: 'versioned_docs/version-1.0/guide/page.md', line: 1, column: 9, href: '/docs/x/' },
      { file: 'versioned_docs/version-1.0/guide/page.md', line: 5, column: 6, href: '/api/#operation/listThings' },
      { file: 'versioned_docs/version-1.0/guide/page.md', line: 6, column: 6, href: '/api/2.0/' },
    ]);
  });
});
