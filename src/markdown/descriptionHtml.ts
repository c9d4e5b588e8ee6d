import { defaultSchema, type Schema } from 'hast-util-sanitize';

/** The ids remark-rehype gives GFM footnotes: a call, its note, and the hidden label the calls name. */
const footnoteReference = /^user-content-fnref-/;
const footnoteDefinition = /^user-content-fn-/;
const footnoteLabel = 'footnote-label';

/**
 * The HTML an API description may hold (Stripe writes `<p>` and `<code>`, Dropbox Sign `<br>`):
 * GitHub's allowlist (hast-util-sanitize's default schema), adjusted for a page that must pass the
 * Nu checker and keep its Content-Security-Policy:
 * - attributes HTML5 made obsolete or that belong to forms (`align`, `border`, `width` on a
 *   table, `action`) are not kept, nor `id`, `name` and the ARIA attributes that name ids: two
 *   descriptions on one page could repeat them, or name ids the page lacks; a cell's `align` is
 *   kept for rehypeTableAlignment, which makes it a class; GFM footnotes keep the ids remark-rehype
 *   gave them (`user-content-fnref-1` on a call, `user-content-fn-1` on its note,
 *   `aria-describedby` naming their label), so that a footnote in a description holding HTML
 *   keeps working; the reference makes each unique on its page, and the links follow
 *   (claimFragmentIds);
 * - `picture` and `source` go: a `srcset` would load images from hosts the config does not list;
 * - `style`, `template`, `svg` and the like are dropped with their content, as `script` is;
 * - images keep what the Markdown pipeline gives them (`loading`, `decoding`).
 */
export const descriptionSchema: Schema = {
  ...defaultSchema,
  tagNames: defaultSchema.tagNames!.filter((name) => name !== 'picture' && name !== 'source'),
  attributes: {
    '*': ['dir', 'lang', 'title', 'ariaLabel'],
    a: [
      'href',
      'dataFootnoteBackref',
      'dataFootnoteRef',
      ['className', 'data-footnote-backref'],
      ['id', footnoteReference],
      ['ariaDescribedBy', footnoteLabel],
    ],
    blockquote: ['cite'],
    code: [['className', /^language-./]],
    del: ['cite', 'dateTime'],
    details: ['open'],
    h2: [['className', 'sr-only']],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    input: [
      ['disabled', true],
      ['type', 'checkbox'],
    ],
    ins: ['cite', 'dateTime'],
    li: [['className', 'task-list-item'], 'value', ['id', footnoteDefinition]],
    ol: [['className', 'contains-task-list'], 'start', 'reversed'],
    q: ['cite'],
    section: ['dataFootnotes', ['className', 'footnotes']],
    td: ['align', 'colSpan', 'rowSpan'],
    th: ['align', 'colSpan', 'rowSpan', 'scope'],
    ul: [['className', 'contains-task-list']],
  },
  clobber: [],
  strip: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'select'],
};

const allowedTags = new Set(descriptionSchema.tagNames);
const droppedTags = new Set(descriptionSchema.strip);

/**
 * Whether a piece of raw HTML in a description (an inline tag, or a block's first tag) is markup
 * for the sanitizer: a tag the schema allows, one it drops with its content (`<script>`), or a
 * comment. Anything else that looks like a tag stays text, as in the writers' Markdown:
 * `Bearer <token>` and `List<Envelope>` are words, not elements. An element dropped with its
 * content, or a comment, is markup only when it ends (`</script>`, `-->`) in the piece or in what
 * follows it (`after`, asked only then): unclosed, it would take the rest of the description with it, so
 * "add a <script> tag" stays words.
 */
export function isDescriptionMarkup(html: string, after: () => string = () => ''): boolean {
  if (html.startsWith('<!--')) return `${html.slice(4)}${after()}`.includes('-->');
  const tag = /^<(\/?)([a-z][a-z0-9-]*)/i.exec(html);
  const name = tag?.[2]?.toLowerCase();
  if (name === undefined) return false;
  if (droppedTags.has(name))
    return tag![1] === '/' || new RegExp(`</${name}[\\s>]`, 'i').test(`${html.slice(tag![0].length)}${after()}`);
  return allowedTags.has(name);
}
