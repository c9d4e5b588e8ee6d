import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { codeOnlyTree } from '../markdown/codeOnlyMarkdown.ts';
import { plainParagraphs } from '../markdown/plainParagraphs.ts';
import { htmlParagraphs } from '../markdown/htmlParagraphs.ts';
import type { MarkdownAsk, MarkdownReply, MarkdownRequest } from './markdownAhead.ts';

/** The request for the description's Markdown (markdownAhead.ts), if the build's thread has sent it; a `missed` before it is none. */
export function markdownRequested(port: MessagePort): MarkdownRequest | undefined {
  for (let message; (message = receiveMessageOnPort(port)); ) {
    const ask = message.message as MarkdownAsk;
    if ('request' in ask) return ask.request;
  }
  return undefined;
}

/**
 * Below this many texts to render, the pages render them: loading the Markdown pipeline in this
 * thread (~0.5 s of CPU) costs more than they save. Stripe's 4,008 texts are HTML paragraphs but
 * for 46; GitHub's have 408 that need the pipeline (~0.8 s of the build's thread).
 */
const minimumTexts = 100;

/**
 * A text that may hold a code block (a fence, or HTML's `<pre>`) is left to the page: highlighting
 * one would import Shiki's code writer here (highlightCode.ts) before the highlighter is refused.
 * A block this misses is refused all the same; a text it leaves out for nothing is rendered by the page.
 */
const mayHighlight = /```|~~~|<pre/i;

/**
 * The description's thread's end of markdownAhead.ts: renders the requested texts in their order
 * and sends each one back, going past those the build's thread has rendered itself (`missed`).
 * Left to the pages: a text they render without the pipeline (plain paragraphs, generated code:
 * apiSource.ts, createProcessor.ts), one with a code block to highlight (Shiki is not loaded in
 * this thread), one the pipeline refuses (its mistake is reported where the page renders it),
 * and all of them when they are too few (`minimumTexts`).
 */
export async function renderMarkdownAsked(
  port: MessagePort,
  { file, context, texts }: MarkdownRequest,
  fewest = minimumTexts,
): Promise<void> {
  const { imageOrigins, ...shared } = context;
  const done: MarkdownReply = { done: true };
  const wanted = [...texts.keys()].filter((index) => {
    const markdown = texts[index][1];
    return (
      !(plainParagraphs(markdown, shared.baseUrl) ?? htmlParagraphs(markdown)) &&
      !codeOnlyTree(markdown) &&
      !mayHighlight.test(markdown)
    );
  });
  if (wanted.length < fewest) {
    port.postMessage(done);
    return;
  }
  const { createMarkdownRenderer } = await import('../markdown/createProcessor.ts');
  const render = createMarkdownRenderer(() => Promise.reject(new Error('a code block: highlighted by the page')));
  const missed = new Set<number>();
  for (const index of wanted) {
    for (let message; (message = receiveMessageOnPort(port)); ) {
      const ask = message.message as MarkdownAsk;
      if ('missed' in ask) missed.add(ask.missed);
    }
    if (missed.has(index)) continue;
    const [headingsBelow, markdown] = texts[index];
    const rendered = await render(markdown, file, {
      ...shared,
      descriptionHtml: { imageOrigins, headingsBelow },
    }).catch(() => undefined);
    if (!rendered) continue;
    const reply: MarkdownReply = {
      index,
      fragment: { html: rendered.html, links: rendered.links.map(({ href, missingFile }) => ({ href, missingFile })) },
    };
    port.postMessage(reply);
  }
  port.postMessage(done);
}
