import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { referenceOutline } from '../../src/openapi/referenceOutline.ts';
import {
  markdownAhead,
  markdownChannel,
  requestMarkdown,
  type MarkdownRequest,
} from '../../src/openapi/markdownAhead.ts';
import { markdownRequested, renderMarkdownAsked } from '../../src/openapi/renderMarkdownAsked.ts';
import { createMarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';
import { itemHeadingLevel } from '../../src/model/apiReference.ts';

/**
 * The description's Markdown rendered by the description's thread (src/openapi/markdownAhead.ts):
 * both ends of the channel run here, on the two ports of one channel. What a page takes from the
 * other thread must be what it renders itself, for the level its page shows the text under (a split
 * reference's pages lift their headings by one): the same HTML and the same links. The description
 * below has three texts for the pipeline (one with a code block): the other thread renders them when
 * told to render from one text up, and leaves them to the pages under its own threshold (loading the pipeline there costs more).
 */
const operationDescription = [
  'Creates a thing for {{product}}.',
  '',
  '## Limits',
  '',
  '- at most [ten](../content/docs/guide.md) a minute',
  '- see [the list](#operation/listThings)',
  '',
  '<p>Written as <b>HTML</b> too.</p>',
].join('\n');
const withCode = ['Send:', '', '```json', '{ "name": "a" }', '```'].join('\n');
const list = ['- one', '- two'].join('\n');
const description = `openapi: 3.1.0
info:
  title: Things
  version: 1.0.0
paths:
  /things:
    get:
      operationId: listThings
      tags: [Things]
      description: A plain paragraph.
      responses:
        '200':
          description: ${JSON.stringify(withCode)}
    post:
      operationId: createThing
      tags: [Things]
      description: ${JSON.stringify(operationDescription)}
      responses:
        '201':
          description: ${JSON.stringify(list)}
`;

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'markdown-ahead-'));
  await writeFile((file = path.join(dir, 'api.yaml')), description);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const context: MarkdownRequest['context'] = {
  relativePath: '../openapi',
  routes: new Map([['guide.md', '/docs/guide/']]),
  variables: new Map([['product', 'Acme']]),
  baseUrl: '/',
  imageOrigins: [],
};

/** The fragment as a page renders it itself (apiSource.ts), for the level it is shown under. */
async function renderedHere(markdown: string, headingsBelow: number) {
  const render = createMarkdownRenderer(loadHighlighter);
  const { html, links } = await render(markdown, file, {
    ...context,
    descriptionHtml: { imageOrigins: [], headingsBelow },
  });
  return { html, links: links.map(({ href, missingFile }) => ({ href, missingFile })) };
}

describe("the description's Markdown rendered in the description's thread", () => {
  it('gives a page what it renders itself, at the level its page lifts the headings to', async () => {
    const api = await loadOpenApi(file);
    const port = markdownChannel(api);
    // The outline records the texts its pages render.
    await referenceOutline(api);
    requestMarkdown(api, 'settings', context, 1);
    const request = markdownRequested(port)!;
    expect(request.texts.map(([, markdown]) => markdown)).toContain(operationDescription);
    await renderMarkdownAsked(port, request, 1);
    const lifted = itemHeadingLevel - 1;
    const ahead = markdownAhead(api, 'settings', lifted, operationDescription);
    expect(ahead).toBeDefined();
    expect(ahead).toEqual(await renderedHere(operationDescription, lifted));
    expect(ahead!.html).toContain('<h3');
    expect(ahead!.html).toContain('Acme');
    // A text with a code block is highlighted where the page renders it (no Shiki in that thread);
    // one rendered with other settings (another version's site) is not taken.
    expect(markdownAhead(api, 'settings', lifted, withCode)).toBeUndefined();
    expect(markdownAhead(api, 'other settings', lifted, operationDescription)).toBeUndefined();
    port.close();
  });

  it('goes past a text the page rendered itself before the other thread got to it', async () => {
    const api = await loadOpenApi(file);
    const port = markdownChannel(api);
    await referenceOutline(api);
    requestMarkdown(api, 'settings', context, 0);
    const request = markdownRequested(port)!;
    // Looked up before the other thread rendered anything: not there, and that thread is told so.
    expect(markdownAhead(api, 'settings', itemHeadingLevel, operationDescription)).toBeUndefined();
    await renderMarkdownAsked(port, request, 1);
    expect(markdownAhead(api, 'settings', itemHeadingLevel, operationDescription)).toBeUndefined();
    // The other texts were rendered there.
    expect(markdownAhead(api, 'settings', itemHeadingLevel, list)).toEqual(await renderedHere(list, itemHeadingLevel));
    port.close();
  });

  it('leaves the texts to the pages when there are too few to be worth loading the pipeline there', async () => {
    const api = await loadOpenApi(file);
    const port = markdownChannel(api);
    await referenceOutline(api);
    requestMarkdown(api, 'settings', context, 0);
    await renderMarkdownAsked(port, markdownRequested(port)!);
    expect(markdownAhead(api, 'settings', itemHeadingLevel, operationDescription)).toBeUndefined();
    port.close();
  });
});
