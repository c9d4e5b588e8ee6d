import type { Root, Text, PhrasingContent } from 'mdast';
import type { TextDirective, LeafDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../../tree/visit.ts';

/**
 * remark-directive reads `:name` inside prose ("key:value", "10:30am", "16:9{x}") as a text
 * directive. Only container directives (`:::note`) are features here, so text and leaf
 * directives are turned back into the text that was written: marker, name, `[label]` (its
 * Markdown still rendered) and `{attributes}` exactly as typed.
 */
export function remarkDirectivesAsText() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    // A page with no `:` before what could start a name holds no text or leaf directive: not walked.
    if (!mayHoldDirective.test(source)) return;
    visit(tree, (node, index, parent) => {
      if ((node.type !== 'textDirective' && node.type !== 'leafDirective') || !parent || index === undefined) return;
      const directive = node as TextDirective | LeafDirective;
      const replacement = writtenText(directive, source);
      if (directive.type === 'leafDirective') {
        parent.children.splice(index, 1, {
          type: 'paragraph',
          children: replacement,
          position: directive.position,
        } as never);
      } else {
        parent.children.splice(index, 1, ...(replacement as never[]));
      }
      return [SKIP, index + replacement.length];
    });
  };
}

/**
 * A `:` followed by what may start a directive's name: micromark-extension-directive takes any
 * character but whitespace and punctuation (`\p{P}`, `\p{S}`, which hold every ASCII sign).
 */
const mayHoldDirective = /:[^\s!-/:-@[-`{-~]/;

function writtenText(directive: TextDirective | LeafDirective, source: string): PhrasingContent[] {
  const text = (value: string): Text => ({ type: 'text', value });
  const head = `${directive.type === 'textDirective' ? ':' : '::'}${directive.name}`;
  const start = directive.position?.start.offset;
  const end = directive.position?.end.offset;
  const written = start === undefined || end === undefined ? head : source.slice(start, end);
  const labelEnd = written[head.length] === '[' ? closingBracket(written, head.length) : undefined;
  const label = labelEnd === undefined ? [] : [text('['), ...directive.children, text(']')];
  const attributes = written.slice(labelEnd === undefined ? head.length : labelEnd + 1);
  return [text(head), ...label, ...(attributes === '' ? [] : [text(attributes)])];
}

/** Index of the `]` that closes the label opened at `open`, skipping escapes and nested brackets. */
function closingBracket(written: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < written.length; i++) {
    const char = written[i];
    if (char === '\\') i++;
    else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) return i;
  }
  return undefined;
}
