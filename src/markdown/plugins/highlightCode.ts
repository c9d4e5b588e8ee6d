import type { Root, Element, ElementContent } from 'hast';
import type { Highlighter } from 'shiki';
import { visit } from 'unist-util-visit';
import { toString } from 'hast-util-to-string';
import { parseCodeMeta } from '../codeMeta.ts';
import { canonicalLanguage, isKnownLanguage } from '../highlighter.ts';
import { githubPaired } from '../pairedTheme.ts';

export interface HighlightOptions {
  highlighter: Highlighter;
}

interface Block {
  pre: Element;
  code: Element;
  parent: Element | Root;
  index: number;
  language?: string;
}

/**
 * Build-time highlighting with Shiki, one pass for GitHub's light and dark themes at once (a
 * class per colour pair, so the colour mode switches without JavaScript), wrapped in a figure with an optional title and a
 * copy button. Grammars load on first use. Nothing highlights in the browser.
 */
export function rehypeHighlightCode({ highlighter }: HighlightOptions) {
  return async (tree: Root) => {
    const blocks: Block[] = [];
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (!code || code.type !== 'element' || code.tagName !== 'code') return;
      blocks.push({ pre: node, code, parent, index, language: canonicalLanguage(languageClass(code)) });
    });
    const loaded = new Set(highlighter.getLoadedLanguages());
    const missing = [...new Set(blocks.map((block) => block.language))].filter(
      (language): language is string => language !== undefined && !loaded.has(language) && isKnownLanguage(highlighter, language),
    );
    if (missing.length > 0) await highlighter.loadLanguage(...(missing as Parameters<Highlighter['loadLanguage']>));
    const available = new Set(highlighter.getLoadedLanguages());
    for (const block of blocks) block.parent.children[block.index] = figureFor(highlighter, block, available);
  };
}

function figureFor(highlighter: Highlighter, { code, language }: Block, available: Set<string>): Element {
  const meta = parseCodeMeta((code.data as { meta?: string } | undefined)?.meta);
  const source = toString(code).replace(/\n$/, '');
  const highlighted = highlighter.codeToHast(source, {
    lang: language && available.has(language) ? language : 'text',
    theme: githubPaired.theme.name,
    // No time limit: Shiki's default (500 ms a line) leaves the rest of a line unhighlighted when
    // the machine is busy, so the same build gave different output under load.
    tokenizeTimeLimit: 0,
    transformers: [{ span: colourClass }],
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
  return {
    type: 'element',
    tagName: 'figure',
    properties: {
      className: ['code-block'],
      dataLanguage: language ?? 'text',
      ...(typeof meta.operation === 'string' ? { dataOperation: meta.operation } : {}),
    },
    children,
  };
}

function languageClass(code: Element): string | undefined {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return undefined;
  return classes.map(String).find((value) => value.startsWith('language-'))?.slice('language-'.length);
}

/** Replaces a token's placeholder colour with its class (`style="color:#000003"` → `class="t2"`). */
function colourClass(span: Element): void {
  const style = span.properties.style;
  if (typeof style !== 'string') return;
  const rest: string[] = [];
  for (const declaration of style.split(';')) {
    const [property, value] = declaration.split(':').map((part) => part.trim());
    const name = property === 'color' ? githubPaired.classByPlaceholder.get(value.toLowerCase()) : undefined;
    if (name) span.properties.className = [name];
    else if (property) rest.push(declaration);
  }
  if (rest.length > 0) span.properties.style = rest.join(';');
  else delete span.properties.style;
}
