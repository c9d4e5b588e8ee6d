import type { Code, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { directiveName } from './directives.ts';

/**
 * The tree of Markdown that is nothing but fenced code: one backtick fence, or a `:::code-tabs`
 * group of them, as the API reference writes its examples and request samples (GitHub's 1,223
 * operations: 2.6 MB of such Markdown, and parsing it was ~15 % of a cold build's CPU). Read
 * without the parser; the tree is the one remark-parse (with remark-directive) makes, positions
 * aside. Anything else, or anything a parser reads differently from its plain text (a line that
 * could close a fence or a group, an info string with escapes or references, a carriage return, a
 * NUL), is `undefined`, and goes through the parser; so is code with a `{{placeholder}}`, whose
 * mistakes are reported at their line and column, which only the parser's positions give.
 */
export function codeOnlyTree(markdown: string): Root | undefined {
  if (markdown.includes('{{')) return undefined;
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
