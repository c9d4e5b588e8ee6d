import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toString } from 'hast-util-to-string';
import { unified } from 'unified';
import rehypeStringify from 'rehype-stringify';
import type { Root, Element, ElementContent, RootContent } from 'hast';
import { canonicalLanguage } from '../../../src/markdown/highlighter.ts';

/** Elements around which whitespace is layout, not content (as commonmark.js's normaliser treats them). */
const blocks = new Set([
  'address',
  'aside',
  'blockquote',
  'body',
  'dd',
  'div',
  'dl',
  'dt',
  'figure',
  'figcaption',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/**
 * HTML in a canonical form, so that the spec's expected HTML and ours compare equal when they
 * mean the same: parsed by parse5 (entities, quoting, void tags, attribute order made uniform),
 * whitespace between blocks dropped and runs of it collapsed outside `<pre>`, as commonmark.js's
 * test normaliser does. It also undoes the decorations our pipeline adds on top of CommonMark,
 * and only those: a heading's id and `#` anchor, an external link's target and rel, task lists'
 * classes, table cells' alignment class, images' loading attributes, and the highlighted code figure, which becomes `<pre><code class="language-…">` again. Fence
 * languages are compared as the highlighter names them (`js` is `javascript`).
 */
export function normalizeHtml(html: string): string {
  const tree = fromParse5(parseFragment(html)) as Root;
  tree.children = normalizeChildren(tree.children, false) as RootContent[];
  return unified().use(rehypeStringify).stringify(tree);
}

function normalizeChildren(children: Array<ElementContent | RootContent>, inPre: boolean): ElementContent[] {
  const result: ElementContent[] = [];
  const content = children.filter(
    (child): child is ElementContent => child.type === 'element' || child.type === 'text',
  );
  content.forEach((child, index) => {
    if (child.type === 'element') {
      result.push(normalizeElement(undecorate(child), inPre));
      return;
    }
    if (inPre) {
      result.push(child);
      return;
    }
    let value = child.value.replace(/\s+/g, ' ');
    if (isBlock(content[index - 1]) || index === 0) value = value.trimStart();
    if (isBlock(content[index + 1]) || index === content.length - 1) value = value.trimEnd();
    if (value !== '') result.push({ type: 'text', value });
  });
  return result;
}

function normalizeElement(element: Element, inPre: boolean): Element {
  const properties = Object.fromEntries(Object.entries(element.properties).sort(([a], [b]) => a.localeCompare(b)));
  const children = normalizeChildren(element.children, inPre || element.tagName === 'pre');
  // Text directly inside an inline element keeps its edges; only block edges are trimmed.
  return { ...element, properties, children };
}

function isBlock(node: ElementContent | undefined): boolean {
  return node?.type === 'element' && blocks.has(node.tagName);
}

function hasClass(element: Element, name: string): boolean {
  const classes = element.properties.className;
  return Array.isArray(classes) && classes.includes(name);
}

/** Our additions removed, so the element reads as plain CommonMark output would. */
function undecorate(element: Element): Element {
  if (element.tagName === 'figure' && hasClass(element, 'code-block')) {
    const pre = element.children.find((child): child is Element => child.type === 'element' && child.tagName === 'pre');
    const text = pre ? toString(pre) : '';
    return codeBlock(String(element.properties.dataLanguage ?? 'text'), text === '' ? '' : `${text}\n`);
  }
  if (element.tagName === 'pre') {
    const code = element.children.find(
      (child): child is Element => child.type === 'element' && child.tagName === 'code',
    );
    const language =
      code && Array.isArray(code.properties.className)
        ? String(code.properties.className.find((name) => String(name).startsWith('language-')) ?? '').slice(
            'language-'.length,
          )
        : '';
    if (code) return codeBlock(canonicalLanguage(language) || 'text', toString(code));
  }
  if (/^h[1-6]$/.test(element.tagName)) {
    const { id: _id, ...properties } = element.properties;
    const children = element.children.filter((child) => !(child.type === 'element' && hasClass(child, 'hash-link')));
    return { ...element, properties, children };
  }
  if (hasClass(element, 'contains-task-list') || hasClass(element, 'task-list-item')) {
    // GitHub's own classes for task lists, which remark-rehype adds and GFM's spec leaves out.
    const { className: _className, ...properties } = element.properties;
    return { ...element, properties };
  }
  if ((element.tagName === 'th' || element.tagName === 'td') && Array.isArray(element.properties.className)) {
    // Column alignment as a class (tableAlignment.ts), where the spec writes `align="…"`.
    const { className, ...properties } = element.properties;
    const align = className
      .map(String)
      .find((name) => name.startsWith('align-'))
      ?.slice('align-'.length);
    return { ...element, properties: align ? { ...properties, align } : properties };
  }
  if (element.tagName === 'img') {
    // How an image loads and its size (images.ts), which CommonMark leaves to the page.
    const {
      loading: _loading,
      decoding: _decoding,
      width: _width,
      height: _height,
      ...properties
    } = element.properties;
    return { ...element, properties };
  }
  if (element.tagName === 'a' && element.properties.target === '_blank') {
    const { target: _target, rel: _rel, ...properties } = element.properties;
    return { ...element, properties };
  }
  return element;
}

function codeBlock(language: string, text: string): Element {
  const className = language === 'text' ? undefined : [`language-${language}`];
  return {
    type: 'element',
    tagName: 'pre',
    properties: {},
    children: [
      {
        type: 'element',
        tagName: 'code',
        properties: className ? { className } : {},
        children: [{ type: 'text', value: text }],
      },
    ],
  };
}
