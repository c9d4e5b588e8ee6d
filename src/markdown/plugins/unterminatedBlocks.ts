import type { Root, Code } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { errorAt } from '../context.ts';

/**
 * CommonMark lets an unclosed code fence or `:::` container run to the end of the file, which
 * silently swallows the rest of a page. Here that is an error at the opening line.
 */
export function remarkUnterminatedBlocks() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    visit(tree, (node) => {
      if (node.type !== 'code' && node.type !== 'containerDirective') return;
      const block = node as Code | ContainerDirective;
      const start = block.position?.start.offset;
      const end = block.position?.end.offset;
      if (start === undefined || end === undefined) return;
      const text = source.slice(start, end);
      if (block.type === 'code') {
        const fence = /^[ \t]*(`{3,}|~{3,})/.exec(text)?.[1];
        if (fence && !closesWith(text, fence)) {
          throw errorAt(file, block, `unterminated code fence: add a closing ${fence}`);
        }
      } else if (!/\n[ \t]*:{3,}[ \t]*$/.test(text)) {
        const what = block.name === 'code-tabs' ? 'tab group' : `:::${block.name} block`;
        throw errorAt(file, block, `unterminated ${what}: add a closing :::`);
      }
    });
  };
}

function closesWith(text: string, fence: string): boolean {
  const lines = text.split('\n');
  if (lines.length < 2) return false;
  const last = lines[lines.length - 1].trim();
  return last.startsWith(fence[0].repeat(fence.length)) && /^[`~]+$/.test(last);
}
