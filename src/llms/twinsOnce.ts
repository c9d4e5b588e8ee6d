import { markdownTwin, type TwinContext, type TwinPage } from './markdownTwin.ts';

/** What a twin is made from besides its context (markdownTwin reads no other field of the page). */
type TwinInput = Pick<TwinPage, 'markdown' | 'title' | 'relativePath' | 'generated'>;

/** The twins a thread made for one context, by route, with what each was made from. */
let made: { signature: string; twins: Map<string, { page: TwinInput; twin: string }> } = {
  signature: '',
  twins: new Map(),
};

const signatures = new WeakMap<TwinContext, string>();

/** What a context is, as text: two contexts of the same site (each job makes its own) make the same twins. */
function signatureOf(context: TwinContext): string {
  let signature = signatures.get(context);
  if (signature === undefined) {
    signature = JSON.stringify([context.siteUrl, [...context.variables], [...context.routes], [...context.images]]);
    signatures.set(context, signature);
  }
  return signature;
}

/**
 * A page's Markdown twin (markdownTwin), made once in a thread: llms-full.txt holds every page's
 * twin, and each page's own twin file the same text, made by another job of the llms source (in
 * the same thread where the build renders in one: a warm or CI build, or a cold one on two
 * cores). Kept by route for the last context only, until it is asked for again (each is asked for
 * twice): the thread holds the twins made ahead and not yet written, at most one a page. A page
 * whose Markdown, title or path changed is made again.
 */
export function twinOf(page: TwinPage, context: TwinContext): string {
  const signature = signatureOf(context);
  if (made.signature !== signature) made = { signature, twins: new Map() };
  const known = made.twins.get(page.route);
  if (
    known &&
    known.page.markdown === page.markdown &&
    known.page.title === page.title &&
    known.page.relativePath === page.relativePath &&
    known.page.generated === page.generated
  ) {
    made.twins.delete(page.route);
    return known.twin;
  }
  const twin = markdownTwin(page, context);
  const { markdown, title, relativePath, generated } = page;
  made.twins.set(page.route, { page: { markdown, title, relativePath, generated }, twin });
  return twin;
}
