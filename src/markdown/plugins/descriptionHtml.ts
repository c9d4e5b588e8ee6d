import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { raw } from 'hast-util-raw';
import { sanitize } from 'hast-util-sanitize';
import { markdownData } from '../context.ts';
import { descriptionSchema } from '../descriptionHtml.ts';
import { foreignImageOrigin } from '../imageOrigin.ts';

type Parent = Root | Element;

/**
 * HTML in an API description (`context.descriptionHtml`), which remarkRawHtmlAsText left as raw
 * nodes when it is markup (descriptionHtml.ts): parsed with the Markdown around it (a `<p>` block,
 * `<code>` … `</code>` split over three nodes) and cleaned with the description schema. Only runs
 * of siblings that hold raw HTML are cleaned: what our own plugins made (an admonition's `aside`,
 * a tab group's `div`) is walked into, not cleaned, so it keeps its classes and ids. Then every
 * image on a host the config does not list (`apiReference.imageHosts`, which the CSP allows)
 * becomes a link to it, or its text inside a link. The HTML's links to an anchor (Stripe's `<a
 * href="#pay_invoice">`) are recorded for the link check, as remarkLinks records the Markdown's.
 * Markdown that is not a description is left as it is.
 */
export function rehypeDescriptionHtml() {
  return (tree: Root, file: VFile) => {
    const options = markdownData(file).context.descriptionHtml;
    if (!options) return;
    const { links } = markdownData(file);
    cleanRawRuns(tree, (href) => links.push({ href, written: href, line: 0, column: 0, missingFile: false }));
    linkForeignImages(tree, new Set(options.imageOrigins), false);
  };
}

const hasRaw = (node: RootContent): boolean =>
  node.type === 'raw' || (node.type === 'element' && node.children.some(hasRaw));

/** An element a plugin of ours made (directives: `div`, `aside`; anything with a class): walked into, never cleaned itself. */
const madeByUs = (node: RootContent): node is Element =>
  node.type === 'element' && (node.tagName === 'div' || node.tagName === 'aside' || 'className' in node.properties);

function cleanRawRuns(parent: Parent, anchorLink: (href: string) => void): void {
  const children: RootContent[] = [];
  let run: RootContent[] = [];
  const flush = () => {
    if (run.some(hasRaw)) {
      for (const href of rawAnchorHrefs(run)) anchorLink(href);
      const parsed = raw({ type: 'root', children: run }) as Root;
      children.push(...(sanitize(parsed, descriptionSchema) as Root).children);
    } else children.push(...run);
    run = [];
  };
  for (const child of parent.children) {
    if (madeByUs(child)) {
      flush();
      if (hasRaw(child)) cleanRawRuns(child, anchorLink);
      children.push(child);
    } else run.push(child);
  }
  flush();
  parent.children = children as ElementContent[];
}

/** The `href="#…"` of each `<a>` tag written in the run's raw HTML, in order. */
function rawAnchorHrefs(run: RootContent[]): string[] {
  const hrefs: string[] = [];
  const walk = (node: RootContent) => {
    if (node.type === 'raw')
      for (const [, double, single] of node.value.matchAll(/<a\s[^>]*?\bhref\s*=\s*(?:"(#[^"]*)"|'(#[^']*)')/gi))
        hrefs.push((double ?? single).replace(/&amp;/g, '&'));
    else if (node.type === 'element') node.children.forEach(walk);
  };
  run.forEach(walk);
  return hrefs;
}

function linkForeignImages(parent: Parent, allowed: ReadonlySet<string>, inLink: boolean): void {
  parent.children = parent.children.map((child): ElementContent => {
    if (child.type !== 'element') return child as ElementContent;
    if (child.tagName === 'img') {
      const src = String(child.properties.src ?? '');
      const origin = foreignImageOrigin(src);
      child.properties.alt ??= '';
      if (origin === undefined || allowed.has(origin)) return child;
      const text = { type: 'text' as const, value: String(child.properties.alt) || src };
      return inLink ? text : { type: 'element', tagName: 'a', properties: { href: src }, children: [text] };
    }
    linkForeignImages(child, allowed, inLink || child.tagName === 'a');
    return child;
  }) as ElementContent[];
}
