import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';
import { firstSample, htmlText } from '../../src/llms/apiTwin.ts';

/**
 * The API reference's Markdown twins (src/llms/apiTwin.ts): one beside each page of the reference,
 * made from the model the page is rendered from, and listed in llms.txt, so that an assistant
 * reads one tag's operations without the whole reference.
 */
const origin = 'https://docs.fixture.example';

/** The operations the split fixture's description has, by the page (tag) they are on. */
const splitOperations = {
  '/api/things/': [
    ['GET', '/things/', 'List things'],
    ['GET', '/things/{id}/', 'Get a thing'],
  ],
  '/api/signers-1/': [['POST', '/signers/', 'Create a signer']],
  '/api/berweisungen/': [['GET', '/transfers/', 'List transfers']],
};

describe('a split reference’s twins', () => {
  let site: string;
  let pages: string[];
  beforeAll(async () => {
    site = await writeSplitApiSite();
    const result = await docsgen(['build'], site);
    expect(result.code, result.stderr).toBe(0);
    pages = (await readdir(path.join(site, 'dist/api'), { recursive: true }))
      .filter((file) => file.endsWith('index.html'))
      .map((file) => `/api/${path.dirname(file) === '.' ? '' : `${path.dirname(file)}/`}`);
  });
  afterAll(() => rm(site, { recursive: true, force: true }));
  const built = (file: string) => readFile(path.join(site, 'dist', file), 'utf8');

  it('writes one beside every page of the reference, announced in the page’s head, out of the sitemap', async () => {
    expect(pages.length).toBe(6);
    for (const route of pages) {
      const twin = await built(`${route.slice(1)}index.md`);
      expect(twin).toMatch(/^# \S/);
      expect(twin).toContain(`> The Markdown of ${origin}${route} `);
      expect(await built(`${route.slice(1)}index.html`)).toContain(
        `<link rel="alternate" type="text/markdown" href="${route}index.md"/>`,
      );
    }
    expect(await built('sitemap.xml')).not.toContain('index.md');
  });

  it('holds each operation of its tag: its title, method and path, its body, responses and first sample', async () => {
    for (const [route, operations] of Object.entries(splitOperations)) {
      const twin = await built(`${route.slice(1)}index.md`);
      for (const [method, pathname, title] of operations) {
        const section = twin.slice(twin.indexOf(`## ${title}\n`));
        expect(section, route).toMatch(new RegExp(`^## ${title}\\n\\n\`${method} ${escaped(pathname)}\`\\n`));
        expect(section).toContain('| 200 | OK | [Bundle](https://docs.fixture.example/api/schemas/#schema/Bundle)');
        expect(section).toMatch(
          new RegExp(
            `### Request sample \\(curl\\)\\n\\n\`\`\`bash\\ncurl '?https://api\\.split\\.example/v1${escaped(pathname)}`,
          ),
        );
      }
      // Only its own tag's operations.
      for (const [other, theirs] of Object.entries(splitOperations))
        if (other !== route)
          for (const [method, pathname] of theirs) expect(twin).not.toContain(`\`${method} ${pathname}\``);
    }
    const signers = await built('api/signers-1/index.md');
    expect(signers).toContain(
      '### Request body\n\n`application/json`: [Signer Ü](https://docs.fixture.example/api/schemas/#schema/Signer-%C3%9C)\n\n| Field | Type | Required | Description |\n| --- | --- | --- | --- |\n| `email` | string | no |  |',
    );
  });

  it('gives the text the page’s first sample shows', async () => {
    const html = await built('api/signers-1/index.html');
    const pre = /<pre class="shiki"[^>]*><code>([\s\S]*?)<\/code><\/pre>/.exec(html)![1];
    const twin = await built('api/signers-1/index.md');
    const sample = /```bash\n([\s\S]*?)\n```/.exec(twin)![1];
    // The same text (the page's with its lines' spacing collapsed, as htmlText reads it).
    expect(sample).toContain('--request POST');
    expect(sample.replace(/\s+/g, ' ')).toBe(htmlText(pre));
  });

  it('lists the other pages on the overview, and each schema’s fields on the schemas’ page', async () => {
    const overview = await built('api/index.md');
    expect(overview).toMatch(/^# Split API 1\.0\.0\n/);
    expect(overview).toContain('An API large enough to be split.');
    for (const route of pages.filter((route) => route !== '/api/'))
      expect(overview).toContain(`](${origin}${route}index.md)`);
    const schemas = await built('api/schemas/index.md');
    expect(schemas).toContain('## Bundle\n');
    expect(schemas).toContain('Things sent together; see [bundles](https://docs.split.example/bundles) for more.');
    expect(schemas).toContain(
      '| `signer` | [Signer Ü](https://docs.fixture.example/api/schemas/#schema/Signer-%C3%9C) | no |  |',
    );
  });

  it('is listed in llms.txt page by page, with the downloads', async () => {
    const llms = await built('llms.txt');
    for (const route of pages) expect(llms).toContain(`](${origin}${route}index.md)`);
    expect(llms).toContain(`- [API reference: Things](${origin}/api/things/index.md): 2 operations`);
    expect(llms).toContain(`- [API reference: Schemas](${origin}/api/schemas/index.md): 2 schemas`);
    for (const file of ['api.yaml', 'api.json', 'postman-collection.json'])
      expect(llms).toContain(`](${origin}/api/${file})`);
    expect(llms).not.toContain(`](${origin}/api/)`);
  });
});

describe('the one page of a small reference', () => {
  let site: string;
  beforeAll(async () => {
    site = await copyFixtureSite();
    const result = await docsgen(['build'], site);
    expect(result.code, result.stderr).toBe(0);
  });
  afterAll(() => rm(site, { recursive: true, force: true }));
  const built = (file: string) => readFile(path.join(site, 'dist', file), 'utf8');

  it('has one twin, each operation under its tag, with its parameters as a table', async () => {
    const twin = await built('api/index.md');
    expect(twin).toMatch(/^# Fixture API 1\.0\.0\n/);
    expect(twin).toContain('## Things\n\nThings you can list.\n\n### List things\n\n`GET /things/`\n');
    expect(twin).toContain(
      '#### Parameters\n\n| Name | In | Type | Required | Description |\n| --- | --- | --- | --- | --- |\n| `kind` | query | string | no | One of: `"a"`, `"b"`. |',
    );
    expect(twin).toContain('#### Request sample (curl)\n\n```bash\ncurl https://api.fixture.example/v1/things/\n```');
    expect(twin).toContain('### Thing\n');
    expect(await built('llms.txt')).toContain(`- [API reference](${origin}/api/index.md): `);
  });
});

describe('what a twin takes from the page’s model', () => {
  it('writes descriptions’ HTML as one line of Markdown, links absolute, `|` escaped in table cells by the table', () => {
    expect(
      htmlText(
        '<p>See <a href="/docs/x/">the <code>x</code> guide</a> &amp; <a href="#schema/A">A</a>.</p>\n<p>Then</p>',
        (href) => (href.startsWith('#') ? `https://d.example/api/${href}` : `https://d.example${href}`),
      ),
    ).toBe('See [the `x` guide](https://d.example/docs/x/) & [A](https://d.example/api/#schema/A). Then');
  });

  it('takes the first sample of the code tabs, as written, without its label', () => {
    expect(
      firstSample(
        ':::code-tabs\n```bash label="curl"\ncurl a \\\n  -X POST\n```\n```js label="Node.js"\nfetch(a)\n```\n:::',
      ),
    ).toEqual({ label: 'curl', fenced: '```bash\ncurl a \\\n  -X POST\n```' });
  });
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
