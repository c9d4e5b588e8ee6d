import type { Code, Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { directiveName } from './directives.ts';

/**
 * The tree of Markdown that is nothing but fenced code: one backtick fence, a `:::code-tabs`
 * group of them, or named examples' `::::tabs` of a fence each, as the API reference writes its
 * examples and request samples (GitHub's 1,223 operations: 2.6 MB of such Markdown, and parsing
 * it was ~15 % of a cold build's CPU). Read
 * without the parser; the tree is the one remark-parse (with remark-directive) makes, positions
 * aside. Anything else, or anything a parser reads differently from its plain text (a line that
 * could close a fence or a group, an info string with escapes or references, a carriage return, a
 * NUL), is `undefined`, and goes through the parser; so is code with a `{{placeholder}}`, whose
 * mistakes are reported at their line and column, which only the parser's positions give.
 */
export function codeOnlyTree(markdown: string): Root | undefined {
  if (markdown.includes('{{')) return undefined;
  const examples = `::::${directiveName('tabs')}\n`;
  if (markdown.startsWith(examples) && markdown.endsWith('\n::::')) {
    const group = exampleTabs(markdown.slice(examples.length, -'::::'.length));
    return group && { type: 'root', children: [group] };
  }
  const tabs = `:::${directiveName('code-tabs')}\n`;
  if (markdown.startsWith(tabs) && markdown.endsWith('\n:::')) {
    const inside = markdown.slice(tabs.length, -':::'.length);
    // A line of colons (`:::`) closes the group wherever it stands.
    if (/^ {0,3}:{3,}/m.test(inside)) return undefined;
    const codes = fences(inside);
    if (!codes) return undefined;
    const group: ContainerDirective = {
      type: 'containerDirective',
      name: directiveName('code-tabs'),
      attributes: {},
      children: codes,
    };
    return { type: 'root', children: [group] };
  }
  const codes = fences(`${markdown}\n`);
  return codes?.length === 1 ? { type: 'root', children: codes } : undefined;
}

/**
 * A tab's `:::tab[Label]` line, its label as examplesMarkdown writes it: text that starts no inline
 * syntax, with Markdown's punctuation escaped (no `:`, `@` or `www.`, which may start a directive
 * or an autolink; no leading or trailing space).
 */
const tabLine =
  /:::([a-z-]+)\[((?:[\p{L}\p{N},.()'"/?=+-]|\\[!-/:-@[-`{-~])(?:[\p{L}\p{N} ,.()'"/?=+-]|\\[!-/:-@[-`{-~])*)\]\n/uy;

/**
 * The examples' tab group (`::::tabs` of `:::tab[Label]`s, each only a fence: examplesMarkdown.ts;
 * GitHub's 56 such groups were 337,657 of the 593,569 characters of its descriptions that still
 * went through the parser), as remark-directive reads it. `inside` is what the group's lines hold,
 * each tab's closing `:::` line included.
 */
function exampleTabs(inside: string): ContainerDirective | undefined {
  const tabs: ContainerDirective[] = [];
  for (let at = 0; at < inside.length; ) {
    tabLine.lastIndex = at;
    const line = tabLine.exec(inside);
    if (!line || line[1] !== directiveName('tab') || /www\./i.test(line[2])) return undefined;
    const end = inside.indexOf('\n:::\n', tabLine.lastIndex);
    if (end === -1) return undefined;
    const codes = fences(inside.slice(tabLine.lastIndex, end + 1));
    // A line of colons closes a tab, or the group, wherever it stands.
    if (codes?.length !== 1 || /^ {0,3}:{3,}/m.test(codes[0].value)) return undefined;
    const label: Paragraph = {
      type: 'paragraph',
      data: { directiveLabel: true },
      children: [{ type: 'text', value: line[2].replace(/\\(.)/g, '$1') }],
    };
    tabs.push({ type: 'containerDirective', name: line[1], attributes: {}, children: [label, codes[0]] });
    at = end + '\n:::\n'.length;
  }
  return tabs.length === 0
    ? undefined
    : { type: 'containerDirective', name: directiveName('tabs'), attributes: {}, children: tabs };
}

/** A backtick fence: its run of backticks, its info string, its text and its closing run. */
const fence = /^(`{3,})([^`\n]*)\n([^\r\0]*?)\n\1\n/;

/** Consecutive fences, each followed by a line end, that make up all of `text`; undefined if anything else is there. */
function fences(text: string): Code[] | undefined {
  const codes: Code[] = [];
  for (let rest = text; rest.length > 0; ) {
    const match = fence.exec(rest);
    if (!match) return undefined;
    const [whole, ticks, info, value] = match;
    // The info string: no escapes or character references to decode, no leading space (a parser trims it).
    if (/[\\&]/.test(info) || /^[ \t]/.test(info)) return undefined;
    // A line of as many backticks or more (indented up to three spaces) would close the fence early.
    if (new RegExp(`^ {0,3}\`{${ticks.length},}[ \\t]*$`, 'm').test(value)) return undefined;
    const [, lang = '', meta = ''] = /^([^ \t]*)[ \t]*(.*?)[ \t]*$/.exec(info) ?? [];
    codes.push({ type: 'code', lang: lang || null, meta: meta || null, value });
    rest = rest.slice(whole.length);
  }
  return codes;
}
