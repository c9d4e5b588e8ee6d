import type { ChangeMark, SchemaNode } from '../../src/model/apiReference.ts';

/**
 * A schema tree's properties written as HTML strings, not rendered by React: they are most of an
 * API page's elements (GitHub's reference: ~77,000 properties, ~21 MB of its 49 MB of pages), and
 * React's work for each element (its props, attributes, escaping) was ~1 s of a cold build's
 * thread. What is written is exactly what React's renderToStaticMarkup wrote for the same JSX
 * (tests/templates/schemaHtml.test.ts renders both); the components in SchemaTree.tsx,
 * AllowedValues.tsx and SchemaConstraints.tsx put it in place with `dangerouslySetInnerHTML`.
 */

/** Text or an attribute's value escaped as React escapes it (react-dom's escapeTextForBrowser); nothing for what React does not write. */
export function reactText(value: unknown): string {
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  const text = String(value);
  return typeof value === 'string' && /["&'<>]/.test(text) ? text.replace(/["&'<>]/g, escapeChar) : text;
}

const escapes: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapeChar = (char: string) => escapes[char];

/** A `javascript:` URL, which React writes as a script that throws (react-dom's sanitizeURL). */
const javaScriptUrl =
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;

/** A link's `href` as React writes it on an `<a>`: left out when undefined, written when empty. */
const href = (value: string | undefined) =>
  value === undefined || value === null
    ? ''
    : ` href="${reactText(javaScriptUrl.test(value) ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')" : value)}"`;

/** "New in 2.10.0" or "Changed in 2.10.0": the text of a change mark (ChangeMarkBadge.tsx). */
export const changeMarkText = (mark: ChangeMark) => `${mark.kind === 'new' ? 'New' : 'Changed'} in ${mark.label}`;

/** ChangeMarkBadge's long form (ChangeMarkBadge.tsx). */
const changeMarkHtml = (mark: ChangeMark | undefined) =>
  mark ? `<span class="api-mark api-mark--${reactText(mark.kind)}">${reactText(changeMarkText(mark))}</span>` : '';

/** Lists longer than this show their first `foldedShown` values, and the others on request (GitHub's event lists run to 80). */
const foldAbove = 20;
const foldedShown = 10;

/**
 * The content of a schema's or parameter's allowed values (`enum`, `const`), each as code, and
 * "New in" beside those its version added (`marks`); a long list folded after its first ten,
 * which then sits in a `<div>` (`folded`), else in a `<p>`.
 */
export function allowedValuesContent(
  values: readonly string[],
  marks?: Record<string, ChangeMark>,
): { folded: boolean; html: string } {
  const codes = (list: readonly string[]) =>
    list
      .map((value) => `<code class="schema__enum">${reactText(value)}</code>${changeMarkHtml(marks?.[value])}`)
      .join('');
  if (values.length <= foldAbove) return { folded: false, html: `Allowed: ${codes(values)}` };
  return {
    folded: true,
    html: `Allowed: ${codes(values.slice(0, foldedShown))}<details class="schema__more"><summary>${values.length - foldedShown} more values</summary>${codes(values.slice(foldedShown))}</details>`,
  };
}

function allowedValuesHtml(values: readonly string[], marks?: Record<string, ChangeMark>): string {
  const { folded, html } = allowedValuesContent(values, marks);
  return folded ? `<div class="schema__meta">${html}</div>` : `<p class="schema__meta">${html}</p>`;
}

/** The content of a schema's constraints on one line (`2 to 20 characters · matches ^[a-z]+$`), its pattern as code; undefined when it has none. */
export function constraintsContent(schema: Pick<SchemaNode, 'constraints' | 'pattern'>): string | undefined {
  if (schema.constraints.length === 0 && schema.pattern === undefined) return undefined;
  const pattern =
    schema.pattern === undefined
      ? ''
      : `${schema.constraints.length > 0 ? ' · ' : ''}matches <code>${reactText(schema.pattern)}</code>`;
  return `${reactText(schema.constraints.join(' · '))}${pattern}`;
}

/** A node's description, allowed values, default and constraints: the content of its `schema__details`. */
export function schemaDetailsContent(node: SchemaNode): string {
  const constraints = constraintsContent(node);
  return (
    (node.descriptionHtml ? `<div class="schema__description">${node.descriptionHtml}</div>` : '') +
    (node.enumValues ? allowedValuesHtml(node.enumValues, node.enumMarks) : '') +
    (node.defaultValue !== undefined
      ? `<p class="schema__meta">Default: <code>${reactText(node.defaultValue)}</code></p>`
      : '') +
    (constraints === undefined ? '' : `<p class="schema__meta">${constraints}</p>`)
  );
}

/** Exactly one of / any of, above a node's variants. */
export const variantsLabel = (variants: NonNullable<SchemaNode['variants']>) =>
  variants === 'one of' ? 'Exactly one of:' : 'Any of:';

/**
 * The properties of a tree, at `depth` (1 for the root's), as the `<li>`s of its
 * `schema__properties` list: nested objects and arrays fold open with `<details>` (open above
 * `openDepth`), no JavaScript.
 */
export function schemaPropertiesHtml(children: readonly SchemaNode[], depth: number, openDepth: number): string {
  let html = '';
  for (const node of children) html += schemaPropertyHtml(node, depth, openDepth);
  return html;
}

function schemaPropertyHtml(node: SchemaNode, depth: number, openDepth: number): string {
  const expandable = node.children.length > 0;
  // A link may not sit inside <summary> (itself interactive): expandable nodes link from their body.
  const type =
    node.refName && !expandable ? `<a${href(node.refHref)}>${reactText(node.type)}</a>` : reactText(node.type);
  const head =
    `<code class="schema__name">${reactText(node.name)}</code><span class="schema__type">${type}</span>` +
    (node.required ? '<span class="schema__required">required</span>' : '') +
    (node.readOnly ? '<span class="schema__flag">read-only</span>' : '') +
    changeMarkHtml(node.mark);
  const details = `<div class="schema__details">${schemaDetailsContent(node)}</div>`;
  if (!expandable) return `<li class="schema__property"><div class="schema__head">${head}</div>${details}</li>`;
  return (
    `<li class="schema__property"><details${depth < openDepth ? ' open=""' : ''}><summary class="schema__head">${head}</summary>` +
    (node.refName ? `<p class="schema__meta">Schema: <a${href(node.refHref)}>${reactText(node.refName)}</a></p>` : '') +
    details +
    (node.variants ? `<p class="schema__variants">${variantsLabel(node.variants)}</p>` : '') +
    `<ul class="schema__properties">${schemaPropertiesHtml(node.children, depth + 1, openDepth)}</ul></details></li>`
  );
}
