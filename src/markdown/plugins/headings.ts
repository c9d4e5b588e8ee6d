import type { Root, Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import GithubSlugger from 'github-slugger';
import { headingRank } from 'hast-util-heading-rank';
import { toString } from 'hast-util-to-string';
import { SKIP, visit } from '../../tree/visit.ts';
import { markdownData } from '../context.ts';

/**
 * The page's headings, in one walk of its tree: each without an id gets one from its text as
 * GitHub makes them (github-slugger: a repeated one numbered `-1`, `-2`…); the h2 and h3 are the
 * page's table of contents; the h2 to h4 get an anchor link (`#`, hidden from assistive
 * technology) at their end. A visually hidden heading (GFM's "Footnotes", for screen readers)
 * keeps its id but is no entry and gets no anchor. This was rehype-slug, a TOC pass and
 * rehype-autolink-headings: three walks of every node of the page (two of them allocating an
 * ancestors array a node) for a few headings, 1.7% of a build's CPU; the output is the same.
 * A heading that ends in `{#custom-id}` (Docusaurus's explicit id) gets that id, and the braces
 * leave its text.
 */
export function rehypeHeadings() {
  return (tree: Root, file: VFile) => {
    const slugs = new GithubSlugger();
    const data = markdownData(file);
    data.toc = [];
    visit(tree, 'element', (node: Element) => {
      // Neither Markdown nor the HTML parser puts a heading in a paragraph: most of a page's nodes are not walked.
      if (node.tagName === 'p') return SKIP;
      const rank = headingRank(node);
      if (rank === undefined) return;
      const custom = takeCustomId(node);
      const text = toString(node);
      if (custom !== undefined) node.properties.id = custom;
      if (!node.properties.id) node.properties.id = slugs.slug(text);
      const id = node.properties.id;
      const hidden = isVisuallyHidden(node);
      if ((rank === 2 || rank === 3) && typeof id === 'string' && !hidden)
        data.toc.push({ id, text: text.trim(), level: rank });
      if (rank >= 2 && rank <= 4 && id && !hidden) node.children.push(anchorTo(String(id)));
      return SKIP;
    });
  };
}

/** Docusaurus's explicit heading id, written last in the heading: `## Set up {#setup}`. */
const customIdAtEnd = /\s*\{#([^\s{}]+)\}\s*$/;

/** The heading's explicit id (`{#setup}` ending its last text), taken out of its text; undefined when it has none. */
function takeCustomId(heading: Element): string | undefined {
  const last = heading.children.at(-1);
  if (last?.type !== 'text') return undefined;
  const match = customIdAtEnd.exec(last.value);
  if (!match) return undefined;
  last.value = last.value.slice(0, match.index);
  return match[1];
}

function anchorTo(id: string): ElementContent {
  return {
    type: 'element',
    tagName: 'a',
    properties: { className: ['hash-link'], ariaHidden: 'true', tabIndex: -1, href: `#${id}` },
    children: [{ type: 'text', value: '#' }],
  };
}

/** remark-rehype marks the footnotes' heading `sr-only`: read by screen readers, never seen. */
function isVisuallyHidden(element: Element): boolean {
  const classes = element.properties.className;
  return Array.isArray(classes) && classes.includes('sr-only');
}
