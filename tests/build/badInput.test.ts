import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite, snapshotDir } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';

type Edit = (source: string) => string;

/** Nine levels of ten aliases: 10⁹ nodes once expanded, written in ~600 bytes. */
const aliasBomb = (indent: string) =>
  [`${indent}a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]`]
    .concat(
      Array.from({ length: 8 }, (_, i) => `${indent}a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
    )
    .join('\n');

/** Every way a writer can get it wrong: the file, the edit, and the exact report expected. */
const cases: [string, string, Edit, RegExp][] = [
  [
    'malformed front matter',
    'content/docs/intro.md',
    (s) => s.replace('sidebar_position: 1', 'sidebar_position: [1'),
    /intro\.md:4:\d+: malformed front matter: .*\n    sidebar_position: \[1/,
  ],
  [
    'a front-matter field of the wrong type',
    'content/docs/intro.md',
    (s) => s.replace('sidebar_position: 1', 'sidebar_position: first'),
    /intro\.md:4:1: front matter sidebar_position: Invalid input: expected number, received string\n    sidebar_position: first/,
  ],
  [
    'two pages claiming one route',
    'content/docs/guide/step.md',
    (s) => s.replace('title: First step', 'title: First step\nslug: /intro'),
    /guide\/step\.md:3:7: two pages claim the route \/docs\/intro\/: intro\.md and guide\/step\.md\n    slug: \/intro/,
  ],
  [
    'a missing title',
    'content/docs/guide/index.md',
    (s) => s.replace('# The guide', 'The guide.'),
    /guide\/index\.md:1:1: page has no title/,
  ],
  [
    'an unknown variable',
    'content/docs/intro.md',
    (s) => s.replace('{{product}}', '{{prodcut}}'),
    /intro\.md:7:5: unknown variable \{\{prodcut\}\}; known: product, .*\n    The \{\{prodcut\}\} fixture/,
  ],
  [
    'a link to a missing page',
    'content/docs/intro.md',
    (s) => s.replace('(guide/step.md#details)', '(/docs/guide/stepp/)'),
    // Then what lets the build through, for links the writer cannot fix (an OpenAPI description's to its authors' site).
    /intro\.md:7:\d+: broken link \(missing page\) to \/docs\/guide\/stepp\/; did you mean \/docs\/guide\/step\/\?\n    The \{\{product\}\} fixture.*\nTo build with broken links \(reported as warnings\), set onBrokenLinks: 'warn' in the config\.\n/,
  ],
  [
    'a link to a missing anchor',
    'content/docs/guide/step.md',
    (s) => s.replace('#operation/listThings', '#operation/listThing'),
    /step\.md:8:9: broken link \(missing anchor\) to \/api\/#operation\/listThing; did you mean \/api\/#operation\/listThings\?\n    See the \[API\]/,
  ],
  [
    // The nearest id is the theme's #mobile-menu: a writer means one of the page's own, and none is close.
    'a link to a missing anchor, spelt like an id of the theme',
    'content/docs/intro.md',
    (s) => s.replace('(guide/step.md#details)', '(guide/step.md#mobile-men)'),
    /intro\.md:7:\d+: broken link \(missing anchor\) to \/docs\/guide\/step\/#mobile-men\n/,
  ],
  [
    // `#x` alone: the build let it through, and check-links named only the generated page's line.
    'a link to a missing anchor of its own page',
    'content/docs/intro.md',
    (s) => s.replace('(guide/step.md#details)', '(#overveiw)'),
    /intro\.md:7:\d+: broken link \(missing anchor\) to \/docs\/intro\/#overveiw; did you mean \/docs\/intro\/#overview\?\n    The \{\{product\}\} fixture/,
  ],
  [
    'a .md link to a missing file',
    'content/docs/intro.md',
    (s) => s.replace('./guide/index.md', './guide/gone.md'),
    /intro\.md:7:\d+: broken link \(missing file\) to \.\/guide\/gone\.md/,
  ],
  [
    'an unknown directive',
    'content/docs/intro.md',
    (s) => s.replace('Text.', ':::cuation\nText.\n:::'),
    /intro\.md:11:1: unknown directive ":::cuation"; did you mean ":::caution"\? The directives are [a-z, -]+\n    :::cuation/,
  ],
  [
    'an unterminated code fence',
    'content/docs/intro.md',
    (s) => s.replace('More text.', '```js\nconst a = 1;'),
    /intro\.md:15:1: unterminated code fence: add a closing ```\n    ```js/,
  ],
  [
    'an unterminated tab group',
    'content/docs/intro.md',
    (s) => s.replace('More text.', ':::code-tabs\n```js\nx\n```'),
    /intro\.md:15:1: unterminated tab group: add a closing :::\n    :::code-tabs/,
  ],
  [
    'a script URL in a link',
    'content/docs/intro.md',
    (s) => s.replace('./guide/index.md', 'javascript:alert(1)'),
    /intro\.md:7:\d+: unsafe link scheme "javascript:" in javascript:alert\(1\)/,
  ],
  [
    'a script URL hidden by a character reference',
    'content/docs/intro.md',
    (s) => s.replace('./guide/index.md', 'java&#9;script:alert(1)'),
    /intro\.md:7:\d+: unsafe link scheme "javascript:" in java\tscript:alert\(1\)/,
  ],
  [
    'a script URL in an OpenAPI description',
    'openapi/api.yaml',
    (s) =>
      s.replace(
        '    description: Things you can list.',
        '    description: |\n      Things you can list.\n      Read [the guide](javascript:alert(1)) first.',
      ),
    /api\.yaml:12:12: unsafe link scheme "javascript:" in javascript:alert\(1\)\n    Read \[the guide\]/,
  ],
  [
    'a data URL in a one-line OpenAPI description',
    'openapi/api.yaml',
    (s) =>
      s.replace('    description: Things you can list.', '    description: Things you can [list](data:text/html,x).'),
    /api\.yaml:10:33: unsafe link scheme "data:" in data:text\/html,x\n    description: Things/,
  ],
  [
    'an OpenAPI file that does not parse',
    'openapi/api.yaml',
    (s) => s.replace('version: 1.0.0', 'version: [1.0.0'),
    /api\.yaml:\d+:\d+: OpenAPI file does not parse: /,
  ],
  [
    'an OpenAPI file that does not validate',
    'openapi/api.yaml',
    (s) => s.replace('      type: object\n', '      type: objekt\n'),
    /api\.yaml:33:13: OpenAPI file is not valid at #\/components\/schemas\/Thing\/type: `type` can be one of the following only.*\n    type: objekt/,
  ],
  [
    'a broken $ref',
    'openapi/api.yaml',
    (s) => s.replace("schemas/Thing'", "schemas/Thin'"),
    /api\.yaml:28:32: cannot resolve \$ref #\/components\/schemas\/Thin: points at nothing\n    items: \{ \$ref: '#\/components\/schemas\/Thin' \}/,
  ],
  [
    'an alias cycle in the OpenAPI file',
    'openapi/api.yaml',
    (s) => s.replace('  version: 1.0.0\n', '  version: 1.0.0\n  x-loop: &loop\n    next: *loop\n'),
    /api\.yaml:6:11: YAML alias refers to a node that contains it \(an alias cycle\)\n    next: \*loop/,
  ],
  [
    'an alias bomb in the OpenAPI file',
    'openapi/api.yaml',
    (s) => s.replace('  version: 1.0.0\n', `  version: 1.0.0\n  x-bomb:\n${aliasBomb('    ')}\n`),
    /api\.yaml:10:\d+: YAML aliases expand the document by more than 100000 nodes \(an alias bomb\)\n    a4: &a4 \[\*a3/,
  ],
  [
    'an alias cycle in front matter',
    'content/docs/intro.md',
    (s) => s.replace('sidebar_position: 1\n', 'sidebar_position: 1\nkeywords: &k [a, *k]\n'),
    /intro\.md:5:18: YAML alias refers to a node that contains it \(an alias cycle\)\n    keywords: &k \[a, \*k\]/,
  ],
  [
    'an alias bomb in front matter',
    'content/docs/intro.md',
    (s) => s.replace('sidebar_position: 1\n', `sidebar_position: 1\nx-bomb:\n${aliasBomb('  ')}\n`),
    /intro\.md:10:\d+: YAML aliases expand the document by more than 100000 nodes \(an alias bomb\)\n    a4: &a4/,
  ],
  [
    'front matter written as code',
    'content/docs/intro.md',
    (s) => s.replace(/^---\n[^]*?\n---\n/, '---js\n{ title: (globalThis.process.exit(3), "x") }\n---\n'),
    /intro\.md:2:1: malformed front matter: front matter must be YAML; code front matter \(---js, ---coffee\) is not run/,
  ],
  [
    'an alias cycle in a category file',
    'content/docs/guide/_category_.yml',
    (s) => `${s}x-loop: &loop\n  next: *loop\n`,
    /_category_\.yml:4:9: YAML alias refers to a node that contains it \(an alias cycle\)\n    next: \*loop/,
  ],
  [
    'an alias bomb in a category file',
    'content/docs/guide/_category_.yml',
    (s) => `${s}${aliasBomb('')}\n`,
    /_category_\.yml:7:\d+: YAML aliases expand the document by more than 100000 nodes \(an alias bomb\)\n    a4: &a4/,
  ],
  [
    'a config key of the wrong type',
    'docsgen.config.ts',
    (s) => s.replace("versionLabel: 'v1.0.0'", 'versionLabel: 100'),
    /docsgen\.config\.ts:8:\d+: config docs\.versionLabel: Invalid input: expected string, received number/,
  ],
  [
    'a script URL in a config href',
    'docsgen.config.ts',
    (s) => s.replace("href: 'https://help.fixture.example'", "href: 'javascript:alert(1)'"),
    /docsgen\.config\.ts:14:\d+: config navbar\.items\[2\]\.href: unsafe link scheme "javascript:" in javascript:alert\(1\)/,
  ],
  [
    'an unknown config key',
    'docsgen.config.ts',
    (s) => s.replace("versionLabel: 'v1.0.0'", "versionLable: 'v1.0.0'"),
    /docsgen\.config\.ts:8:\d+: unknown config key docs\.versionLable \(did you mean docs\.versionLabel\?\); the keys here are versionLabel, changelogPath, editUrl\n    docs: \{ versionLable/,
  ],
  [
    'an unknown navbar item',
    'docsgen.config.ts',
    (s) => s.replace("{ type: 'search' }", "{ type: 'rocket' }"),
    /docsgen\.config\.ts:15:\d+: navbar item navbar\.items\[3\] cannot be rendered \(\{"type":"rocket"\}\)/,
  ],
];

let built: string;
beforeAll(async () => {
  built = await copyFixtureSite();
  const { code, stderr } = await docsgen(['build'], built);
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

afterAll(async () => {
  await rm(built, { recursive: true, force: true });
});

describe('bad input: one clear message with file:line:col and the offending text, exit 1, dist/ untouched', () => {
  it.each(cases)('%s', async (_name, file, edit, message) => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-bad-'));
    await cp(built, copy, { recursive: true });
    const before = await snapshotDir(path.join(copy, 'dist'));
    const target = path.join(copy, file);
    await writeFile(target, edit(await readFile(target, 'utf8')));
    const { code, stdout, stderr } = await docsgen(['build'], copy);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    // The file as the writer knows it: relative to the project.
    expect(stderr.startsWith(`error: ${file}:`)).toBe(true);
    expect(stderr).toMatch(message);
    expect(stderr.match(/^error: /gm)).toHaveLength(1);
    expect(await snapshotDir(path.join(copy, 'dist'))).toEqual(before);
    expect((await readdir(copy)).filter((name) => name.includes('staging'))).toEqual([]);
    await rm(copy, { recursive: true, force: true });
  });
});

describe('a mistake that does not stop the build', () => {
  it('an unknown front-matter key: a warning at the key, with the key it is likely a typo of', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-warn-'));
    await cp(built, copy, { recursive: true });
    const target = path.join(copy, 'content/docs/intro.md');
    await writeFile(target, (await readFile(target, 'utf8')).replace('sidebar_position: 1', 'sidebar_postion: 1'));
    const { code, stderr } = await docsgen(['build'], copy);
    expect(code).toBe(0);
    expect(stderr).toContain(
      `warning: content/docs/intro.md:4:1: unknown front-matter key "sidebar_postion", ignored; did you mean "sidebar_position"?\n    sidebar_postion: 1\n`,
    );
    await rm(copy, { recursive: true, force: true });
  });
});

describe('every mistake of a build at once', () => {
  it('a page that cannot be read, one that cannot render and a broken link: all three in one run, sorted by file', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-bad-'));
    await cp(built, copy, { recursive: true });
    const before = await snapshotDir(path.join(copy, 'dist'));
    const edit = async (file: string, change: Edit) =>
      writeFile(path.join(copy, file), change(await readFile(path.join(copy, file), 'utf8')));
    await edit('content/docs/intro.md', (s) => s.replace('sidebar_position: 1', 'sidebar_position: [1'));
    await edit('content/docs/guide/index.md', (s) => s.replace('What the guide', 'What the {{prodcut}} guide'));
    await edit('content/docs/guide/step.md', (s) => s.replace('#operation/listThings', '#operation/nope'));
    const { code, stdout, stderr } = await docsgen(['build'], copy);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    // The links to the page that could not be read (guide/index.md's to intro.md) are not reported too.
    expect(stderr.match(/^error: .*$/gm)).toEqual([
      expect.stringMatching(/^error: content\/docs\/guide\/index\.md:3:\d+: unknown variable \{\{prodcut\}\}/),
      expect.stringMatching(/^error: content\/docs\/guide\/step\.md:8:9: broken link \(missing anchor\)/),
      expect.stringMatching(/^error: content\/docs\/intro\.md:4:\d+: malformed front matter/),
    ]);
    expect(stderr).toMatch(/^3 errors in 3 files\.$/m);
    expect(await snapshotDir(path.join(copy, 'dist'))).toEqual(before);
    await rm(copy, { recursive: true, force: true });
  });
});
