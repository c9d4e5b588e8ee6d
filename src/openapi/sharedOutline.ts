import type { OpenApiModel } from './openApiModel.ts';

/** An item's anchor on the whole reference, and its title's id where it has one (a tag's, an operation's). */
export interface OutlineAnchor {
  anchor: string;
  titleId?: string;
}

/**
 * What every page of a split reference takes from the whole one (referenceOutline.ts): the anchors
 * its tags, operations, webhooks and schemas claimed on the whole reference, the names given to
 * schemas that only a `$ref` reaches, and the operations' samples. Small (GitHub's: 0.2 MB and
 * 1.2 MB of samples, against 27 MB of the outline it is taken from), so the thread that planned the
 * pages hands it to the render threads, which would otherwise each build the outline again (~1 s
 * CPU each).
 */
export interface SharedOutline {
  tags: (OutlineAnchor & { name: string; operations: OutlineAnchor[] })[];
  webhooks: OutlineAnchor[];
  schemas: OutlineAnchor[];
  unnamed: ReadonlyMap<string, string>;
  /** Every operation's samples (their Markdown), made for the outline: a page takes its own from here. */
  samples: Map<string, string>;
}

/** This thread's shared outlines, by their description's document. */
const kept = new WeakMap<object, SharedOutline>();

export function keptOutline(api: OpenApiModel): SharedOutline | undefined {
  return kept.get(api.document);
}

export function keepOutline(api: OpenApiModel, outline: SharedOutline): void {
  kept.set(api.document, outline);
}

/**
 * The shared outlines this thread has for these descriptions, each with its document: what a
 * render thread starts with. Sent in the same message as the site, a document arrives as the same
 * object as the site's, so `adoptOutlines` there files each under its description.
 */
export function outlinesOf(apis: (OpenApiModel | undefined)[]): [object, SharedOutline][] {
  const documents = new Set(apis.flatMap((api) => (api ? [api.document] : [])));
  return [...documents].flatMap((document) => {
    const outline = kept.get(document);
    return outline ? [[document, outline] as [object, SharedOutline]] : [];
  });
}

export function adoptOutlines(outlines: [object, SharedOutline][]): void {
  for (const [document, outline] of outlines) kept.set(document, outline);
}
