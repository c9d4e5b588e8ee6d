import type { Root, Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visitFlow } from '../../tree/visitFlow.ts';
import { toString } from 'mdast-util-to-string';
import { errorAt } from '../context.ts';
import { directiveName } from '../directives.ts';
import { toTabGroup } from '../tabGroup.ts';

/** The attributes a `::::tabs` group takes: `groupId` syncs it with every group of that id (Docusaurus's `<Tabs groupId>`). */
const groupAttributes = new Set(['groupId']);

/**
 * Tabs for prose, Docusaurus's `<Tabs>`/`<TabItem>` as directives:
 *
 *     ::::tabs{groupId=os}
 *     :::tab[macOS]
 *     Anything Markdown holds.
 *     :::
 *     :::tab[Windows]
 *     …
 *     :::
 *     ::::
 *
 * becomes the ARIA tab list code tabs use. Groups with the same `groupId` select the same
 * label together and the browser remembers it (`groupId=code` joins the code tabs); a group
 * without one stands alone. Every panel's text stays in the page, for search and without JavaScript.
 */
export function remarkTabs() {
  return (tree: Root, file: VFile) => {
    if (!String(file.value).includes(':::')) return;
    let indexInPage = 0;
    // Top-down: a group turns its `:::tab` children into panels before they are visited, so a
    // `:::tab` still met is outside any group.
    visitFlow(tree, 'containerDirective', (node: ContainerDirective) => {
      if (node.name === directiveName('tab'))
        throw errorAt(
          file,
          node,
          `a :::${directiveName('tab')} block belongs inside a ::::${directiveName('tabs')} group`,
        );
      if (node.name !== directiveName('tabs')) return;
      const unknown = Object.keys(node.attributes ?? {}).find((name) => !groupAttributes.has(name));
      if (unknown !== undefined)
        throw errorAt(file, node, `::::${directiveName('tabs')} takes {groupId=…}, not {${unknown}}`);
      const blocks = node.children.filter((child) => !isDirectiveLabel(child));
      const stray = blocks.find((child) => child.type !== 'containerDirective' || child.name !== directiveName('tab'));
      if (stray || blocks.length === 0) {
        throw errorAt(
          file,
          stray ?? node,
          `a ::::${directiveName('tabs')} group may hold only :::${directiveName('tab')}[Label] blocks (give the group one more colon than its tabs)`,
        );
      }
      const labels = new Set<string>();
      const panels = (blocks as ContainerDirective[]).map((tab) => {
        const [first, ...rest] = tab.children;
        const label = isDirectiveLabel(first) ? toString(first).trim() : '';
        if (!label)
          throw errorAt(file, tab, `a :::${directiveName('tab')} needs a label: :::${directiveName('tab')}[Label]`);
        if (labels.has(label)) throw errorAt(file, tab, `two tabs of this group are labelled "${label}"`);
        labels.add(label);
        return { label, children: rest };
      });
      const groupId = node.attributes?.groupId?.trim();
      toTabGroup(node, { id: `tab-group-${indexInPage++}`, sync: groupId || undefined, focusablePanels: true, panels });
    });
  };
}

/** The `[Label]` of a directive, which remark-directive gives as its first paragraph. */
function isDirectiveLabel(node: { type: string; data?: unknown } | undefined): node is Paragraph {
  return node?.type === 'paragraph' && (node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true;
}
