import type { Root, Element, ElementContent } from 'hast';
import type { Highlighter } from 'shiki';
import { visit, SKIP } from 'unist-util-visit';
import { toString } from 'hast-util-to-string';
import { parseCodeMeta } from '../codeMeta.ts';
import { highlightThemes } from '../highlighter.ts';

export interface HighlightOptions {
  highlighter: Highlighter;
}

/**
 * Build-time highlighting with Shiki in a light and a dark theme at once (CSS variables, so the
 * colour mode switches without JavaScript), wrapped in a figure with an optional title and a
 * copy button. Nothing highlights in the browser.
 */
export function rehypeHighlightCode({ highlighter }: HighlightOptions) {
  const loaded = new Set(highlighter.getLoadedLanguages());
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (!code || code.type !== 'element' || code.tagName !== 'code') return;
      const language = languageOf(code);
      const meta = parseCodeMeta((code.data as { meta?: string } | undefined)?.meta);
      const source = toString(code).replace(/\n$/, '');
      const lang = language && loaded.has(language) ? language : 'text';
      const highlighted = highlighter.codeToHast(source, {
        lang,
        themes: highlightThemes,
        defaultColor: false,
        cssVariablePrefix: '--s-',
      });
      const pre = highlighted.children[0] as Element;
      pre.properties = { className: ['shiki'], tabIndex: 0 };
      const children: ElementContent[] = [];
      if (typeof meta.title === 'string') {
        children.push({ type: 'element', tagName: 'figcaption', properties: { className: ['code-block__title'] }, children: [{ type: 'text', value: meta.title }] });
      }
      children.push(pre, {
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['code-block__copy'], ariaLabel: 'Copy code to clipboard', title: 'Copy' },
        children: [],
      });
      const figure: Element = {
        type: 'element',
        tagName: 'figure',
        properties: {
          className: ['code-block'],
          dataLanguage: language ?? 'text',
          ...(typeof meta.operation === 'string' ? { dataOperation: meta.operation } : {}),
        },
        children,
      };
      parent.children[index] = figure;
      return SKIP;
    });
  };
}

function languageOf(code: Element): string | undefined {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return undefined;
  const name = classes.map(String).find((value) => value.startsWith('language-'));
  const language = name?.slice('language-'.length).toLowerCase();
  return language === 'sh' || language === 'shell' ? 'bash' : language === 'js' ? 'javascript' : language === 'ts' ? 'typescript' : language === 'py' ? 'python' : language;
}
