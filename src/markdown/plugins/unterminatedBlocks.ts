import type { Root, Code } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visitFlow } from '../../tree/visitFlow.ts';
import { errorAt } from '../context.ts';
import { containerDirective } from '../directives.ts';

/** What stands before a block's own text on a line inside blockquotes and list items: `> `, indentation. */
const containerPrefix = /^(?:[ \t]*>)*[ \t]*/;

/**
 * CommonMark lets an unclosed code fence or `:::` container run to the end of the file (or of
 * its blockquote or list item), which silently swallows the rest of a page. Here that is an error
 * at the opening line. A block is closed when its last line, read without the container prefix,
 * is the closing marker; an indented code block has no closing line to check.
 */
export function remarkUnterminatedBlocks() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    visitFlow(tree, ['code', 'containerDirective'], (node, _index, parent) => {
      const block = node as Code | ContainerDirective;
      const start = block.position?.start.offset;
      const end = block.position?.end.offset;
      if (start === undefined || end === undefined) return;
      const text = source.slice(start, end);
      const lastLine = text.includes('\n')
        ? text.slice(text.lastIndexOf('\n') + 1).replace(containerPrefix, '')
        : undefined;
      if (block.type === 'code') {
        const fence = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
        if (fence && !closesFence(lastLine, fence)) {
          throw errorAt(file, block, `unterminated code fence: add a closing ${fence}`);
        }
      } else if (lastLine === undefined || !/^:{3,}[ \t]*$/.test(lastLine)) {
        const what = containerDirective(block.name)?.blockName ?? `:::${block.name} block`;
        const colons = /^[ \t]*(:{3,})/.exec(text)?.[1] ?? ':::';
        // The usual cause inside another block: both opened with as many colons, so one closing line ends both.
        const nested =
          parent?.type === 'containerDirective'
            ? ' (a block inside another takes fewer colons than the one around it)'
            : '';
        throw errorAt(file, block, `unterminated ${what}: add a closing ${colons}${nested}`);
      }
    });
  };
}

/** A closing fence is a run of the opening fence's character, at least as long, and nothing else. */
function closesFence(lastLine: string | undefined, fence: string): boolean {
  if (lastLine === undefined) return false;
  const run = /^([`~]+)[ \t]*$/.exec(lastLine)?.[1];
  return run !== undefined && run[0] === fence[0] && run.length >= fence.length && new Set(run).size === 1;
}
