import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';
import { addConfigOptions, copyFixtureSite } from '../helpers/fixtureSite.ts';
import { docsgen, type CliRun } from '../helpers/cli.ts';
import { nuCheckerErrors } from '../helpers/nuChecker.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});

/** A description rendered as the reference renders it, with images allowed from one origin. */
const description = async (markdown: string) =>
  (
    await render(markdown, '/site/openapi/api.yaml', {
      relativePath: '../openapi',
      routes: new Map(),
      variables: new Map(),
      descriptionHtml: { imageOrigins: ['https://img.fixture.example'] },
    })
  ).html;

describe('HTML in an API description', () => {
  it('renders the tags API authors write (Stripe’s <p> and <code>, Dropbox Sign’s <br>)', async () => {
    expect(await description('<p>Creates a <code>customer</code>.</p><p>Then <b>list</b> them.</p>')).toBe(
      '<p>Creates a <code>customer</code>.</p><p>Then <b>list</b> them.</p>',
    );
    expect(await description('First line<br>second line<br/>third')).toBe('<p>First line<br>second line<br>third</p>');
  });

  it('shows a GitHub alert (`> [!NOTE]`, GitHub’s own description writes 216) as a note', async () => {
    const html = await description('> [!NOTE]\n> Every pull request is an issue.');
    expect(html).toMatch(/^<aside class="admonition admonition--note" role="note">.*Note<\/p>/);
    expect(html).toContain('<p>Every pull request is an issue.</p></aside>');
  });

  it('keeps tag-like words as text: `Bearer <token>`, `List<Envelope>`', async () => {
    expect(await description('Send Bearer <token>, get List<Envelope>.')).toBe(
      '<p>Send Bearer &#x3C;token>, get List&#x3C;Envelope>.</p>',
    );
  });

  it('never lets a script, a style or an event attribute through', async () => {
    const html = await description(
      [
        'Hi <script>alert(1)</script> <img src="/a.png" onerror="alert(2)"> <b onmouseover="alert(3)" style="color:red">x</b>',
        '',
        '<style>body { display: none }</style>',
        '',
        '<div onclick="alert(4)"><a href="javascript:alert(5)">j</a><iframe src="https://evil.example/"></iframe></div>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<style|<iframe|\son\w+=|javascript:|style=|alert|display/i);
    expect(html).toContain('<b>x</b>');
    expect(html).toContain('<img src="/a.png" alt="">');
  });

  it('keeps the words after a script or a comment that never ends: it would take them with it', async () => {
    expect(await description('Add a <script> tag to your page, then call init().\n\nThe next paragraph.')).toBe(
      '<p>Add a &#x3C;script> tag to your page, then call init().</p>\n<p>The next paragraph.</p>',
    );
    expect(await description('Write <!-- to open a comment.\n\nStill here.')).toContain('Still here.');
    expect(await description('Gone <script>alert(1)</script> here.')).toBe('<p>Gone  here.</p>');
  });

  it('shows an image from an origin the config lists, and a link to any other', async () => {
    const html = await description(
      '![Flow](https://img.fixture.example/flow.png) ![Pixel](https://evil.example/p.png) <img src="https://evil.example/q.png">',
    );
    expect(html).toContain('<img src="https://img.fixture.example/flow.png" alt="Flow"');
    expect(html).toContain('<a href="https://evil.example/p.png"');
    expect(html).toContain('<a href="https://evil.example/q.png"');
    expect(html).not.toContain('<img src="https://evil.example');
  });

  it('moves its headings below the heading it is shown under, keeping their order and skipping no level', async () => {
    const under = async (markdown: string, headingsBelow: number) =>
      (
        await render(markdown, '/site/openapi/api.yaml', {
          relativePath: '../openapi',
          routes: new Map(),
          variables: new Map(),
          descriptionHtml: { imageOrigins: [], headingsBelow },
        })
      ).html.match(/<h\d/g);
    expect(await under('## Attach\n\n#### Detail\n\n<h3>Resize</h3>\n\n## Detach', 3)).toEqual([
      '<h4',
      '<h5',
      '<h5',
      '<h4',
    ]);
    expect(await under('##### Deep\n\n###### Deeper', 2)).toEqual(['<h3', '<h4']);
    expect(await under('# One\n\n##### Five', 3)).toEqual(['<h4', '<h5']);
    // A first heading deeper than the next: neither skips below the heading shown above them.
    expect(await under('### Three\n\n## Two\n\n### Three', 3)).toEqual(['<h4', '<h4', '<h5']);
    expect(await under('# A\n\n## B\n\n### C\n\n#### D', 3)).toEqual(['<h4', '<h5', '<h6', '<h6']);
  });

  it('leaves the writers’ own Markdown as it was: raw HTML is text', async () => {
    const page = await render('<p>Hi <code>x</code></p>', '/site/content/docs/a.md', {
      relativePath: 'a.md',
      routes: new Map(),
      variables: new Map(),
    });
    expect(page.html).toBe('<p>&#x3C;p>Hi &#x3C;code>x&#x3C;/code>&#x3C;/p></p>');
  });
});

describe('a site whose description holds HTML and images', () => {
  let site: string;
  let build: CliRun;
  beforeAll(async () => {
    site = await copyFixtureSite();
    await addConfigOptions(site, "apiReference: { imageHosts: ['https://img.fixture.example'] },");
    await writeFile(
      path.join(site, 'openapi/api.yaml'),
      `openapi: 3.0.3
info:
  title: HTML API
  version: 1.0.0
  description: "<p>Welcome. Keys look like <code>sk_test_…</code>.</p><p><img src='https://img.fixture.example/logo.png' alt='Logo'></p>"
servers:
  - url: https://api.fixture.example/v1
paths:
  /things/:
    get:
      operationId: listThings
      summary: List things
      description: |
        <p>Lists things.<br>Newest first.</p>
        <script>alert(1)</script>
        <table border="1" align="center"><tr><th align="right">A</th><td valign="top" onclick="x()">1</td></tr></table>
      responses:
        '200':
          description: "A list. <img src='https://tracker.fixture.example/p.gif' alt='pixel'> <style>p{}</style>"
  /things/{id}:
    get:
      operationId: getThing
      summary: Get a thing
      description: |
        Returns <code>thing</code>[^1], or <b>none</b>[^1].

        ## When there is none

        A <code>404</code>, as authors write their sections: under the operation's h3.

        #### What to do then

        Create it: a level skipped inside one description, as authors write them too.

        [^1]: A <code>thing</code> is what you made.
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: |
            The <code>thing</code>[^1].

            [^1]: As <b>made</b>.
`,
    );
    build = await docsgen(['build', '--quiet'], site);
  }, 300_000);
  afterAll(() => rm(site, { recursive: true, force: true }));

  it('builds, warning at the description that shows an image from an unlisted origin', () => {
    expect(build.code).toBe(0);
    expect(build.stderr).toMatch(
      /^warning: openapi\/api\.yaml:19:24: the description shows an image from https:\/\/tracker\.fixture\.example, which apiReference\.imageHosts does not list/m,
    );
    expect(build.stderr).not.toContain('img.fixture.example');
  });

  it('renders the allowed tags, none of the dangerous ones, and allows the listed image host in the CSP', async () => {
    const html = await readFile(path.join(site, 'dist/api/index.html'), 'utf8');
    expect(html).toContain('<p>Lists things.<br>Newest first.</p>');
    expect(html).toContain('Keys look like <code>sk_test_…</code>');
    expect(html).toContain('<img src="https://img.fixture.example/logo.png" alt="Logo"');
    expect(html).toContain('<a href="https://tracker.fixture.example/p.gif"');
    expect(html).not.toMatch(/alert\(1\)|onclick|<style>p|valign/);
    expect(html.includes("img-src 'self' data: https://img.fixture.example;")).toBe(true);
  });

  it('keeps footnotes in descriptions that hold HTML working: ids unique on the page, every link arriving', async () => {
    const html = await readFile(path.join(site, 'dist/api/index.html'), 'utf8');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const footnoteIds = ids.filter((id) => id.includes('user-content-fn') || id.includes('footnote-label'));
    // getThing's description (two calls of one note) and its response's (one call): calls, notes, headings.
    expect(footnoteIds).toEqual([
      'operation/getThing/user-content-fnref-1',
      'operation/getThing/user-content-fnref-1-2',
      'operation/getThing/footnote-label',
      'operation/getThing/user-content-fn-1',
      'operation/getThing/user-content-fnref-1-1',
      'operation/getThing/footnote-label-1',
      'operation/getThing/user-content-fn-1-1',
    ]);
    const targets = [
      ...html.matchAll(/(?:href="#|aria-describedby=")([^"]*(?:user-content-fn|footnote-label)[^"]*)"/g),
    ];
    expect(targets.length).toBe(9);
    for (const [, target] of targets) expect(ids).toContain(target);
  });

  it('passes the Nu HTML Checker', { timeout: 300_000 }, async () => {
    expect(await nuCheckerErrors(path.join(site, 'dist'), ['api/index.html'])).toEqual([]);
  });
});
