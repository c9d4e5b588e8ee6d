import type { Element, Root } from 'hast';
import { parseFragment, Tokenizer, type Token, type TokenHandler } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toHtml } from 'hast-util-to-html';
import { visit } from '../tree/visit.ts';
import type { PageIds } from './pageIds.ts';
import { fragmentHref } from '../model/apiAnchors.ts';
import { BoundedMap } from '../cache/boundedMap.ts';

/** Attributes that name other elements by id (hast property names). */
const idReferences = [
  'ariaControls',
  'ariaLabelledBy',
  'ariaDescribedBy',
  'ariaOwns',
  'ariaFlowTo',
  'htmlFor',
  'ariaActiveDescendant',
  'ariaDetails',
  'ariaErrorMessage',
];

/** The same attributes as written in HTML, and whether each holds a list of ids. */
const referenceAttributes = new Map([
  ['aria-controls', true],
  ['aria-labelledby', true],
  ['aria-describedby', true],
  ['aria-owns', true],
  ['aria-flowto', true],
  ['for', true],
  ['aria-activedescendant', false],
  ['aria-details', false],
  ['aria-errormessage', false],
]);

/**
 * An HTML fragment rendered on its own (a Markdown description, a tab group of samples) with its
 * ids claimed from the page it is put on: each id becomes `scope/id` (or stays `id` with no
 * scope), suffixed if taken, and the fragment's own references to it (a heading's `#` link, a
 * tab's `aria-controls`) follow, a link writing what a URL fragment may not hold as %XX (a scope
 * from Box's operationId `signer#create`: `#operation/signer%23create/limits`). References to ids
 * outside the fragment are left alone.
 */
export function claimFragmentIds(html: string, ids: PageIds, scope: string): string {
  return claimLinkedFragmentIds([html], ids, scope)[0];
}

/**
 * Fragments cut from one rendering (a response description's first paragraph and the rest, which
 * a footnote call and its note can straddle), claimed as one: a reference in any of them follows
 * the id wherever it went.
 */
export function claimLinkedFragmentIds(fragments: readonly string[], ids: PageIds, scope: string): string[] {
  // Most fragments are a plain paragraph: nothing to parse.
  if (!fragments.some((html) => html.includes(' id='))) return [...fragments];
  return claimedInPlace(fragments, ids, scope) ?? claimedInTrees(fragments, ids, scope);
}

/** A start tag's attribute: which fragment it is in, its value, and where `name="value"` is written. */
interface WrittenAttribute {
  fragment: number;
  name: string;
  value: string;
  start: number;
  end: number;
}

/** Elements whose content the tokenizer alone would read as markup: only a parser knows to switch it to text. */
const textContentElements = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);

/**
 * The fragments with their ids claimed by rewriting only the attributes that change, read with
 * parse5's tokenizer (no tree, no serializing: the samples of GitHub's 1,223 operations took ~1 s
 * through trees). Undefined, before any id is claimed, where that might not give what the trees
 * give: an element whose content only a parser reads right, an attribute not written
 * `name="value"` with its value as is (a tree writes a bare `data-footnote-ref` back as
 * `data-footnote-ref=""`, and escapes values its own way), or an id that would need escaping.
 */
export function claimedInPlace(fragments: readonly string[], ids: PageIds, scope: string): string[] | undefined {
  const attributes: WrittenAttribute[] = [];
  for (const [fragment, html] of fragments.entries()) {
    const { read, offset } = withoutHighlightedCode(html);
    const written = writtenAttributes(read);
    if (written === undefined) return undefined;
    for (const { name, value, start, end } of written)
      attributes.push({ fragment, name, value, start: offset(start), end: offset(end) });
  }
  const plain = (text: string) => !/["&\0]/.test(text);
  if (!plain(scope) || !attributes.every((attribute) => attribute.name !== 'id' || plain(attribute.value)))
    return undefined;
  const renamed = new Map<string, string>();
  const changes: WrittenAttribute[] = [];
  for (const attribute of attributes) {
    if (attribute.name !== 'id') continue;
    const id = ids.claim(scope ? `${scope}/${attribute.value}` : attribute.value);
    renamed.set(attribute.value, id);
    changes.push({ ...attribute, value: id });
  }
  for (const attribute of attributes) {
    const { name, value } = attribute;
    if (name === 'href') {
      const target = value.startsWith('#') ? renamed.get(decodedFragment(value)) : undefined;
      if (target !== undefined) changes.push({ ...attribute, value: fragmentHref(target) });
    } else if (name !== 'id') {
      const named = referenceAttributes.get(name) ? value.split(/[ \t\n\f\r]+/).filter(Boolean) : [value];
      if (named.some((id) => renamed.has(id)))
        changes.push({ ...attribute, value: named.map((id) => renamed.get(id) ?? id).join(' ') });
    }
  }
  return fragments.map((html, fragment) => {
    let claimed = '';
    let from = 0;
    for (const change of changes.filter((each) => each.fragment === fragment).sort((a, b) => a.start - b.start)) {
      claimed += `${html.slice(from, change.start)}${change.name}="${change.value}"`;
      from = change.end;
    }
    return claimed + html.slice(from);
  });
}

/** An attribute as `writtenAttributes` finds it: where `name="value"` is written in what was read. */
type ReadAttribute = Omit<WrittenAttribute, 'fragment'>;

/**
 * writtenAttributes of what was read lately: with highlighted code left out, the samples of
 * operations in the same languages read the same (GitHub's 1,223: ~2 KB of tab markup each, the
 * tokenizer ~3 % of the build's thread before).
 */
const readLately = new BoundedMap<string, readonly ReadAttribute[] | undefined>(64);

/**
 * The `id`, `href` and id-reference attributes of the start tags in `read`, where each is written;
 * undefined where claiming in place might not give what the trees give (claimedInPlace).
 */
function writtenAttributes(read: string): readonly ReadAttribute[] | undefined {
  if (readLately.has(read)) return readLately.get(read);
  const attributes: ReadAttribute[] = [];
  let exact = true;
  const ignore = () => {};
  const handler: TokenHandler = {
    onStartTag(token: Token.TagToken) {
      if (textContentElements.has(token.tagName)) exact = false;
      for (const { name, value } of token.attrs) {
        const at = token.location?.attrs?.[name];
        if (!at || read.slice(at.startOffset, at.endOffset) !== `${name}="${value}"`) exact = false;
        else if (name === 'id' || name === 'href' || referenceAttributes.has(name))
          attributes.push({ name, value, start: at.startOffset, end: at.endOffset });
      }
    },
    onEndTag: ignore,
    onComment: ignore,
    onDoctype: ignore,
    onEof: ignore,
    onCharacter: ignore,
    onNullCharacter: ignore,
    onWhitespaceCharacter: ignore,
  };
  new Tokenizer({ sourceCodeLocationInfo: true }, handler).write(read, true);
  const found = exact ? attributes : undefined;
  readLately.set(read, found);
  return found;
}

/**
 * Highlighted code's content (src/markdown/codeHtml.ts): text, whose `<` is escaped, and
 * `<span class="…">` tokens, none holding an id or a reference to one.
 */
const highlightedCode = /(<pre class="shiki"[^>]*><code>)([^]*?)<\/code><\/pre>/g;
const otherThanTokens = /<(?!span class="[^"<>]*">|\/span>)/;

/**
 * The fragment with highlighted code's content left out, for the tokenizer to read (it was ~4 %
 * of a GitHub build's render threads, nearly all of it reading samples' and examples' code), and
 * the offset in the fragment of an offset in what is read.
 */
function withoutHighlightedCode(html: string): { read: string; offset: (at: number) => number } {
  // Where each cut starts in what is read, and how many characters were cut up to its end.
  const cuts: { at: number; cut: number }[] = [];
  let read = '';
  let from = 0;
  let cut = 0;
  for (const match of html.matchAll(highlightedCode)) {
    const [, open, content] = match;
    if (otherThanTokens.test(content)) continue;
    const start = match.index + open.length;
    read += html.slice(from, start);
    cut += content.length;
    cuts.push({ at: read.length, cut });
    from = start + content.length;
  }
  if (cuts.length === 0) return { read: html, offset: (at) => at };
  read += html.slice(from);
  return {
    read,
    offset: (at) => at + (cuts.findLast((each) => each.at <= at)?.cut ?? 0),
  };
}

/** The fragments parsed to trees, their ids claimed there, and written back where anything changed. */
export function claimedInTrees(fragments: readonly string[], ids: PageIds, scope: string): string[] {
  const trees = fragments.map((html) => fromParse5(parseFragment(html)) as Root);
  // A fragment without ids whose references nothing renamed is given back as it came.
  const changed = new Set<Root>();
  const renamed = new Map<string, string>();
  for (const tree of trees)
    visit(tree, 'element', (element: Element) => {
      const id = element.properties.id;
      if (typeof id === 'string') {
        element.properties.id = ids.claim(scope ? `${scope}/${id}` : id);
        renamed.set(id, element.properties.id);
      }
    });
  const rename = (tree: Root) => (id: unknown) => {
    const target = typeof id === 'string' ? renamed.get(id) : undefined;
    if (target === undefined) return id;
    changed.add(tree);
    return target;
  };
  for (const tree of trees)
    visit(tree, 'element', (element: Element) => {
      for (const name of idReferences) {
        const value = element.properties[name];
        if (Array.isArray(value)) element.properties[name] = value.map(rename(tree)) as string[];
        else if (typeof value === 'string') element.properties[name] = rename(tree)(value) as string;
      }
      const href = element.properties.href;
      if (typeof href === 'string' && href.startsWith('#')) {
        const target = renamed.get(decodedFragment(href));
        if (target !== undefined) {
          element.properties.href = fragmentHref(target);
          changed.add(tree);
        }
      }
    });
  return trees.map((tree, index) =>
    changed.has(tree) || fragments[index].includes(' id=') ? toHtml(tree) : fragments[index],
  );
}

/** The id a `#…` link leads to: its fragment percent-decoded, as the browser looks for it (as written when it does not decode). */
export function decodedFragment(href: string): string {
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}
