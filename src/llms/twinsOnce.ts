import { hashOf } from '../cache/renderCache.ts';
import { markdownTwin, type TwinContext, type TwinPage } from './markdownTwin.ts';

/** What a twin is made from besides its context (markdownTwin reads no other field of the page). */
type TwinInput = Pick<TwinPage, 'markdown' | 'title' | 'relativePath' | 'generated'>;

/** A page's twin file written in this build (or linked): its twin is not kept for it. */
const written = Symbol('written');

/** The twins a thread made for one context, by route, with what each was made from; or that the route's file is written. */
let made: { signature: string; twins: Map<string, { page: TwinInput; twin: string } | typeof written> } = {
  signature: '',
  twins: new Map(),
};

const signatures = new WeakMap<TwinContext, { text: string; digest?: string }>();

/** What a context is, as text: two contexts of the same site (each job makes its own) make the same twins. */
function signatureOf(context: TwinContext): { text: string; digest?: string } {
  let signature = signatures.get(context);
  if (signature === undefined) {
    signature = {
      text: JSON.stringify([context.siteUrl, [...context.variables], [...context.routes], [...context.images]]),
    };
    signatures.set(context, signature);
  }
  return signature;
}

const twinsOf = (context: TwinContext) => {
  const { text } = signatureOf(context);
  if (made.signature !== text) made = { signature: text, twins: new Map() };
  return made.twins;
};

/**
 * A page's Markdown twin (markdownTwin), made once in a thread: llms-full.txt holds every page's
 * twin, and each page's own twin file the same text, made by another job of the llms source (in
 * the same thread where the build renders in one: a warm or CI build, or a cold one on two
 * cores). Kept by route for the last context only, until it is asked for again, and only while
 * the page's own file is not written yet (twinWritten): the thread holds the twins made ahead and
 * not yet written, at most one a page. A page whose Markdown, title or path changed is made again.
 */
export function twinOf(page: TwinPage, context: TwinContext): string {
  const twins = twinsOf(context);
  const known = twins.get(page.route);
  if (
    known !== undefined &&
    known !== written &&
    known.page.markdown === page.markdown &&
    known.page.title === page.title &&
    known.page.relativePath === page.relativePath &&
    known.page.generated === page.generated
  ) {
    twins.delete(page.route);
    return known.twin;
  }
  const twin = markdownTwin(page, context);
  if (known !== written) {
    const { markdown, title, relativePath, generated } = page;
    twins.set(page.route, { page: { markdown, title, relativePath, generated }, twin });
  }
  return twin;
}

/**
 * The page's own twin file is written (or linked from the last build's, its twin never made):
 * the twin is not kept for it, nor kept when llms-full.txt makes it afterwards.
 */
export function twinWritten(page: TwinPage, context: TwinContext): void {
  twinsOf(context).set(page.route, written);
}

/**
 * What a page's twin is made from, as a digest (RenderedRoute's `madeFrom`): the twin file of a
 * page whose Markdown, title, path and context are the last build's is linked from its kept copy
 * without being made or digested (1,000 varied pages with one edited: 8 MB of twins a build).
 */
export function twinMadeFrom(page: TwinPage, context: TwinContext): string {
  const signature = signatureOf(context);
  signature.digest ??= hashOf('twin-context', signature.text);
  // Asked twice a page in a build (llms-full.txt's key of the twin, the twin file's): worked out once.
  const known = madeFroms.get(page.route);
  if (
    known !== undefined &&
    known.context === signature.digest &&
    known.page.markdown === page.markdown &&
    known.page.title === page.title &&
    known.page.relativePath === page.relativePath &&
    known.page.generated === page.generated
  )
    return known.madeFrom;
  const madeFrom = hashOf('twin', signature.digest, page.relativePath, page.title, page.generated ?? '', page.markdown);
  const { markdown, title, relativePath, generated } = page;
  madeFroms.set(page.route, {
    context: signature.digest,
    page: { markdown, title, relativePath, generated },
    madeFrom,
  });
  return madeFrom;
}

/** twinMadeFrom's digests by route, with what each was worked out from (the page's fields hold the same strings). */
const madeFroms = new Map<string, { context: string; page: TwinInput; madeFrom: string }>();
