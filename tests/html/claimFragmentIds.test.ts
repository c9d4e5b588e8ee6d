import { beforeAll, describe, expect, it } from 'vitest';
import {
  claimedInPlace as claimedInPlaceAll,
  claimedInTrees,
  claimFragmentIds,
  claimLinkedFragmentIds,
} from '../../src/html/claimFragmentIds.ts';
import { PageIds } from '../../src/html/pageIds.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';

const claimedInPlace = (html: string, ids: PageIds, scope: string) => claimedInPlaceAll([html], ids, scope)?.[0];
const claimedInTree = (html: string, ids: PageIds, scope: string) => claimedInTrees([html], ids, scope)[0];

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});
const context = { relativePath: 'x.md', routes: new Map(), variables: new Map() };

/** Fragments the reference renders with ids: sample and example tabs, headings, footnotes, description HTML. */
const fragments = [
  ':::code-tabs\n```bash label="curl"\ncurl --url \'https://api.example/v1/things?x=1&y=<2>\' \\\n  --header \'Content-Type: application/json\' \\\n  --data \'{"id": "a \\" id=\\"x\\" b"}\'\n```\n```js label="JavaScript"\nfetch(`https://api.example/v1/things`, { body: JSON.stringify({ html: \'<a id="tabs-0">\' }) });\n```\n:::',
  ':::code-tabs\n```json label="Sent"\n{ "id": 1 }\n```\n```json label="Draft"\n{ "id": 2 }\n```\n:::\n\n:::code-tabs\n```text label="A"\na\n```\n```text label="B"\nb\n```\n:::',
  '## Rate limits\n\nSee [below](#rate-limits) and [paging](#paging).\n\n### Paging\n\nText.',
  '## Authentication\n\n## Authentication\n\n[second](#authentication-1), [outside](#operation/other)',
  '## Ünïcödé heading 🙂\n\n[up](#ünïcödé-heading-)',
];

/** Fragments whose ids the tree claims: footnotes' bare `data-footnote-ref`, an admonition's SVG icon (`viewBox`). */
const treeFragments = [
  'Text.[^1]\n\n[^1]: A note.',
  ':::note[A title]\nWith `code` and a [link](#x).\n:::\n\n## Heading',
];

/** Both ways of claiming, each from its own copy of the same page's taken ids. */
function bothWays(html: string, scope: string, taken: string[]) {
  const page = () => {
    const ids = new PageIds();
    for (const id of taken) ids.claim(id);
    return ids;
  };
  return { inPlace: claimedInPlace(html, page(), scope), inTree: claimedInTree(html, page(), scope) };
}

describe('claimFragmentIds', () => {
  it.each(fragments)('rewrites %j in place exactly as through the tree', async (markdown) => {
    const { html } = await render(markdown, '/site/openapi/api.yaml', context);
    expect(html).toContain(' id=');
    for (const [scope, taken] of [
      ['', []],
      ['operation/createThing', []],
      ['operation/createThing', ['operation/createThing/tabs-0', 'rate-limits', 'authentication', 'paging']],
    ] as const) {
      const { inPlace, inTree } = bothWays(html, scope, [...taken]);
      // Generated fragments never need the tree: the in-place way answers them.
      expect(inPlace).toBeDefined();
      expect(inPlace).toBe(inTree);
      if (scope !== '') expect(inPlace).not.toBe(html);
    }
  });

  it.each(treeFragments)('leaves %j to the tree, which claims its ids as before', async (markdown) => {
    const { html } = await render(markdown, '/site/openapi/api.yaml', context);
    expect(bothWays(html, 'operation/x', []).inPlace).toBeUndefined();
    expect(claimFragmentIds(html, new PageIds(), 'operation/x')).toBe(
      claimedInTree(html, new PageIds(), 'operation/x'),
    );
  });

  it('leaves to the tree what it cannot rewrite exactly, claiming nothing itself', () => {
    for (const html of [
      '<textarea><p id="a"></p></textarea><p id="b">x</p>',
      '<h2 id=unquoted>x</h2>',
      '<h2 id="a&amp;b">x</h2><a href="#a&#x26;b">y</a>',
      "<h2 id='single'>x</h2>",
      // The tree writes a bare data attribute back as `data-x=""`.
      '<p id="a" data-footnote-ref>x</p>',
    ]) {
      expect(bothWays(html, 's', []).inPlace, html).toBeUndefined();
      expect(claimFragmentIds(html, new PageIds(), 's')).toBe(claimedInTree(html, new PageIds(), 's'));
    }
  });

  it('escapes nothing it writes: a scope that would need escaping goes to the tree', () => {
    const html = '<h2 id="a">x</h2><a href="#a">y</a>';
    expect(bothWays(html, 'operation/"quoted"&', []).inPlace).toBeUndefined();
    expect(claimFragmentIds(html, new PageIds(), 'operation/"quoted"&')).toBe(
      claimedInTree(html, new PageIds(), 'operation/"quoted"&'),
    );
  });

  it('renames a reference in one linked fragment to an id claimed in another, as the trees do', () => {
    const fragments = [
      '<p>See <a href="#limits">the limits</a>.</p>',
      '<h3 id="limits">Limits</h3>\n<p>No id here.</p>',
    ];
    const inPlace = claimedInPlaceAll(fragments, new PageIds(), 'operation/x');
    expect(inPlace).toEqual([
      '<p>See <a href="#operation/x/limits">the limits</a>.</p>',
      '<h3 id="operation/x/limits">Limits</h3>\n<p>No id here.</p>',
    ]);
    expect(inPlace).toEqual(claimedInTrees(fragments, new PageIds(), 'operation/x'));
    expect(claimLinkedFragmentIds(fragments, new PageIds(), 'operation/x')).toEqual(inPlace);
  });

  it("writes a heading's own link to its claimed id as a link may hold it, when the scope holds `#` or non-ASCII (Box's operationIds)", () => {
    const html = '<h4 id="limits">Limits<a class="hash-link" href="#limits">#</a></h4>';
    for (const [scope, href] of [
      ['operation/signer#create', '#operation/signer%23create/limits'],
      ['schema/Signer-Ü', '#schema/Signer-%C3%9C/limits'],
    ]) {
      const inPlace = claimedInPlace(html, new PageIds(), scope);
      expect(inPlace).toContain(`id="${scope}/limits"`);
      expect(inPlace).toContain(`href="${href}"`);
      expect(claimedInTree(html, new PageIds(), scope)).toBe(inPlace);
    }
  });

  it("reads the markup of samples in the same languages once, and places each one's ids in its own code's offsets", async () => {
    // Two operations' samples: the same tabs, code of other lengths (the tokenizer reads the tabs alone).
    const samples = await Promise.all(
      ['things', 'a-much-longer-path/with/more/segments'].map(
        async (path) =>
          (
            await render(
              `:::code-tabs\n\`\`\`bash label="curl"\ncurl https://api.example/${path}\n\`\`\`\n\`\`\`js label="JavaScript"\nfetch('https://api.example/${path}');\n\`\`\`\n:::`,
              '/site/openapi/api.yaml',
              context,
            )
          ).html,
      ),
    );
    for (const html of [...samples, ...samples].reverse())
      for (const scope of ['operation/a', 'operation/b']) {
        const { inPlace, inTree } = bothWays(html, scope, []);
        expect(inPlace).toBe(inTree);
        expect(inPlace).toContain(`id="${scope}/tabs-0-tab-1"`);
      }
  });
});
