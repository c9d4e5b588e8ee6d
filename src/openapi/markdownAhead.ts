import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { itemHeadingLevel } from '../model/apiReference.ts';
import type { MarkdownContext } from '../markdown/context.ts';
import type { OpenApiModel } from './openApiModel.ts';
import type { RenderFragment } from './operationParts.ts';

/**
 * The description's Markdown rendered in its own thread (descriptionFilesAhead.ts) while the
 * build's thread renders the pages: GitHub's ~400 distinct descriptions that are more than plain
 * paragraphs went through the whole Markdown pipeline on the build's thread (~0.8 s of its CPU,
 * the build's critical path), while the description's thread idled for the last third of the build.
 *
 * The outline (referenceOutline.ts) records each text its pages will render, in the order they
 * render them; once the site's routes are known, the build's thread sends them with what the
 * fragments are rendered with (`requestMarkdown`); the description's thread renders them in that
 * order and sends each one's HTML and links back, and a page takes a fragment from there instead
 * of rendering it (`markdownAhead`): the same text, rendered with the same context by the same
 * pipeline, so the pages are the same bytes whichever thread rendered it. A text the other thread
 * has not sent yet is rendered here, and the other thread told to go past it (`missed`).
 */

/** A fragment rendered: its HTML and its links (as a page's fragment cache keeps it). */
export interface FragmentAhead {
  html: string;
  links: { href: string; missingFile: boolean }[];
}

/** What the description's thread is asked to render. */
export interface MarkdownRequest {
  /** The description's file, which the fragments are rendered as. */
  file: string;
  /** What every fragment is rendered with, but the level of the heading it is shown under. */
  context: Omit<MarkdownContext, 'descriptionHtml' | 'baseUrl'> & { baseUrl: string; imageOrigins: readonly string[] };
  /** Each text once, with the level of the heading it is shown under, in the order the pages show them. */
  texts: [headingsBelow: number, markdown: string][];
}

/** From the build's thread: the request, then the texts it rendered itself (their index), which the other thread skips. */
export type MarkdownAsk = { request: MarkdownRequest } | { missed: number };

/** From the description's thread: a text of the request rendered, or that it will send no more. */
export type MarkdownReply = { index: number; fragment: FragmentAhead } | { done: true };

interface Ahead {
  port: MessagePort;
  /** The texts the outline rendered, in order, each with the levels it was shown under (the same strings: no key is made). */
  recorded: Map<string, number[]>;
  /** Once asked: what the fragments were rendered with, the texts asked for, each one's first index, those sent back, and whether the other thread is done. */
  asked?: {
    settings: string;
    texts: MarkdownRequest['texts'];
    first: Map<string, number>;
    received: Map<number, FragmentAhead>;
    done: boolean;
  };
}

/** The descriptions whose Markdown a thread of their own may render, by their document. */
const aheadOf = new WeakMap<object, Ahead>();

/** Opens the channel to the description's thread: its end, to hand it in workerData. */
export function markdownChannel(api: OpenApiModel): MessagePort {
  const { port1, port2 } = new MessageChannel();
  // Read only when a page looks a fragment up (receiveMessageOnPort): it keeps no thread alive.
  port1.unref();
  aheadOf.set(api.document, { port: port1, recorded: new Map() });
  return port2;
}

/**
 * The outline's Markdown "renderer" for a description with a thread ahead: each text kept
 * unrendered, as the outline holds them, and recorded for `requestMarkdown`. Undefined without one.
 */
export function recordingMarkdown(api: OpenApiModel): RenderFragment | undefined {
  const ahead = aheadOf.get(api.document);
  if (!ahead || ahead.asked) return undefined;
  return (markdown, headingsBelow = itemHeadingLevel) => {
    const levels = ahead.recorded.get(markdown);
    if (!levels) ahead.recorded.set(markdown, [headingsBelow]);
    else if (!levels.includes(headingsBelow)) levels.push(headingsBelow);
    return markdown;
  };
}

/**
 * Asks the description's thread to render the texts the outline recorded, once per description:
 * `settings`, a signature of `context` (the lookups compare it), `lift`, how many levels the pages
 * lift the headings they show the texts under (a split reference's pages: pageReference.ts).
 */
export function requestMarkdown(
  api: OpenApiModel,
  settings: string,
  context: MarkdownRequest['context'],
  lift: number,
): void {
  const ahead = aheadOf.get(api.document);
  if (!ahead || ahead.asked || ahead.recorded.size === 0) return;
  const texts: MarkdownRequest['texts'] = [];
  const first = new Map<string, number>();
  for (const [markdown, levels] of ahead.recorded) {
    first.set(markdown, texts.length);
    for (const level of levels) texts.push([level - lift, markdown]);
  }
  ahead.recorded.clear();
  ahead.asked = { settings, texts, first, received: new Map(), done: false };
  const ask: MarkdownAsk = { request: { file: api.file, context, texts } };
  ahead.port.postMessage(ask);
}

/**
 * The fragment the description's thread rendered, if it has sent it; else undefined, and that
 * thread is told to go past it (this thread renders it now).
 */
export function markdownAhead(
  api: OpenApiModel,
  settings: string,
  headingsBelow: number,
  markdown: string,
): FragmentAhead | undefined {
  const ahead = aheadOf.get(api.document);
  const asked = ahead?.asked;
  if (!asked || asked.settings !== settings) return undefined;
  let index = asked.first.get(markdown);
  if (index === undefined) return undefined;
  while (index < asked.texts.length && asked.texts[index][1] === markdown && asked.texts[index][0] !== headingsBelow)
    index++;
  if (asked.texts[index]?.[0] !== headingsBelow || asked.texts[index][1] !== markdown) return undefined;
  if (!asked.received.has(index) && !asked.done)
    for (let message; (message = receiveMessageOnPort(ahead.port)); ) {
      const reply = message.message as MarkdownReply;
      if ('done' in reply) asked.done = true;
      else asked.received.set(reply.index, reply.fragment);
    }
  const fragment = asked.received.get(index);
  if (fragment) asked.received.delete(index);
  else if (!asked.done) {
    const missed: MarkdownAsk = { missed: index };
    ahead.port.postMessage(missed);
  }
  return fragment;
}
