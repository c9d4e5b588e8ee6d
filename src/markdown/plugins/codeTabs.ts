import type { Root, Code } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visitFlow } from '../../tree/visitFlow.ts';
import { errorAt } from '../context.ts';
import { parseCodeMeta } from '../codeMeta.ts';
import { directiveName } from '../directives.ts';
import { toTabGroup } from '../tabGroup.ts';

/** A Map, so that a fence named `constructor` is labelled by its name, not by Object's. */
const languageLabels = new Map([
  ['js', 'JavaScript'],
  ['javascript', 'JavaScript'],
  ['ts', 'TypeScript'],
  ['typescript', 'TypeScript'],
  ['python', 'Python'],
  ['py', 'Python'],
  ['php', 'PHP'],
  ['json', 'JSON'],
  ['bash', 'Shell'],
  ['sh', 'Shell'],
  ['shell', 'Shell'],
  ['http', 'HTTP'],
  ['yaml', 'YAML'],
]);

/** Label of a tab: the fence's `label=` or else its language's name. */
export function tabLabel(code: Code): string {
  const label = parseCodeMeta(code.meta).label;
  if (typeof label === 'string') return label;
  return languageLabels.get(code.lang ?? '') ?? code.lang ?? 'Text';
}

/**
 * `:::code-tabs` with fenced blocks inside becomes an ARIA tab list, one tab per block. The
 * chosen label is synced across every group and remembered by the browser runtime; without
 * JavaScript every panel shows, one under the other.
 */
export function remarkCodeTabs() {
  return (tree: Root, file: VFile) => {
    if (!String(file.value).includes(':::')) return;
    let indexInPage = 0;
    visitFlow(tree, 'containerDirective', (node: ContainerDirective) => {
      if (node.name !== directiveName('code-tabs')) return;
      const blocks = node.children.filter(
        (child) => !(child.type === 'paragraph' && (child.data as { directiveLabel?: boolean })?.directiveLabel),
      );
      const stray = blocks.find((child) => child.type !== 'code');
      if (stray || blocks.length === 0) {
        throw errorAt(file, stray ?? node, 'a :::code-tabs group may hold only fenced code blocks');
      }
      const codes = blocks as Code[];
      toTabGroup(node, {
        id: `tabs-${indexInPage++}`,
        sync: 'code',
        focusablePanels: false,
        panels: codes.map((code) => ({ label: tabLabel(code), children: [code] })),
      });
    });
  };
}
