import type { BlockContent, DefinitionContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Element } from 'hast';

/** One tab of a group: its label and its content. */
export interface TabPanel {
  label: string;
  children: (BlockContent | DefinitionContent)[];
}

/** How a tab group is made: its ids, and which other groups it selects with. */
export interface TabGroupOptions {
  /** Prefix of the group's ids, unique in the page (`tabs-0`). */
  id: string;
  /** Groups with the same key select the same label together, and the browser remembers it (`code`; none: this group alone). */
  sync?: string;
  /** Panels get a tab stop (WAI-ARIA tabs pattern) when what they start with may not be focusable, as prose. */
  focusablePanels: boolean;
  panels: TabPanel[];
}

/**
 * Turns a directive into an ARIA tab list, one tab per panel, the first selected: the markup
 * code tabs and prose tabs share, which the browser runtime (src/client/tabs.ts) drives and the
 * stylesheet (templates/styles/tabs.css) lays out. Without JavaScript the list is hidden and
 * every panel shows, under its label.
 */
export function toTabGroup(node: ContainerDirective, { id, sync, focusablePanels, panels }: TabGroupOptions): void {
  const tabs: Element[] = panels.map(({ label }, i) => ({
    type: 'element',
    tagName: 'button',
    properties: {
      type: 'button',
      role: 'tab',
      id: `${id}-tab-${i}`,
      ariaControls: [`${id}-panel-${i}`],
      ariaSelected: i === 0 ? 'true' : 'false',
      tabIndex: i === 0 ? 0 : -1,
      dataLabel: label,
      className: ['tabs__tab'],
    },
    children: [{ type: 'text', value: label }],
  }));
  node.data = { hName: 'div', hProperties: { className: ['tabs'], ...(sync === undefined ? {} : { dataTabs: sync }) } };
  node.children = [
    {
      type: 'paragraph',
      data: { hName: 'div', hProperties: { role: 'tablist', className: ['tabs__list'] }, hChildren: tabs },
      children: [],
    },
    ...panels.map(({ label, children }, i) => ({
      // A flow container for the panel's blocks, renamed to a div.
      type: 'blockquote' as const,
      data: {
        hName: 'div',
        hProperties: {
          role: 'tabpanel',
          id: `${id}-panel-${i}`,
          ariaLabelledby: `${id}-tab-${i}`,
          ...(focusablePanels ? { tabIndex: 0 } : {}),
          dataLabel: label,
          className: i === 0 ? ['tabs__panel'] : ['tabs__panel', 'tabs__panel--inactive'],
        },
      },
      children,
    })),
  ];
}
