import type { Root, Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import { visitFlow } from '../../tree/visitFlow.ts';
import { containerDirective, type AdmonitionStyle } from '../directives.ts';

/**
 * Docusaurus admonitions: `:::warning[Optional title]` … `:::` becomes an `<aside role="note">`
 * with an icon and a title; nested ones nest. Every name Docusaurus accepts is declared in
 * directives.ts, its aliases (`caution`, `important`…) looking like the type they stand for.
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    // Written with `:::`, or a GitHub alert (`> [!NOTE]`) that remarkGithubAlerts made one of.
    const source = String(file.value);
    if (!source.includes(':::') && !source.includes('[!')) return;
    visitFlow(tree, 'containerDirective', (node: ContainerDirective) => {
      const admonition = containerDirective(node.name)?.admonition;
      // Another directive (tabs) is its own plugin's; an unknown one, remarkUnknownDirectives'.
      if (!admonition) return;
      const first = node.children[0] as Paragraph | undefined;
      const hasLabel = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean })?.directiveLabel;
      const titleChildren = hasLabel ? first.children : [{ type: 'text' as const, value: admonition.title }];
      if (hasLabel) node.children.shift();
      node.data = {
        hName: 'aside',
        // A note, not a complementary landmark: a page's several asides would be landmarks without names.
        hProperties: { className: ['admonition', `admonition--${admonition.style}`], role: 'note' },
      };
      // A title of the writer's own does not say what kind of note this is: the icon then does, in words.
      const icon = hasLabel ? iconElement(admonition.style, admonition.title) : iconElement(admonition.style);
      node.children.unshift({
        type: 'paragraph',
        data: { hName: 'p', hProperties: { className: ['admonition__title'] } },
        children: [
          {
            type: 'text',
            value: '',
            data: { hName: 'span', hProperties: { className: ['admonition__icon'] }, hChildren: [icon] },
          },
          ...titleChildren,
        ],
      });
    });
  };
}

/** 24×24 outline icons drawn with the text colour: a pencil, a bulb, an "i", a triangle, an octagon. */
const iconPaths: Record<AdmonitionStyle, string[]> = {
  note: ['M4 20h4L19.5 8.5a2.1 2.1 0 0 0-4-4L4 16z', 'M13.5 6.5l4 4'],
  tip: ['M9 18h6', 'M10 21h4', 'M12 3a6 6 0 0 0-3.8 10.6c.6.5.8 1.2.8 2.4h6c0-1.2.2-1.9.8-2.4A6 6 0 0 0 12 3z'],
  info: ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M12 11v5', 'M12 7.5v.01'],
  warning: [
    'M10.3 4.2 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z',
    'M12 9.5v4',
    'M12 17v.01',
  ],
  danger: ['M8.2 3h7.6L21 8.2v7.6L15.8 21H8.2L3 15.8V8.2z', 'M12 7.5v5', 'M12 16.5v.01'],
};

/** The icon, hidden from assistive technology unless `label` names the admonition's kind. */
function iconElement(style: AdmonitionStyle, label?: string): Element {
  const paths: ElementContent[] = iconPaths[style].map((d) => ({
    type: 'element',
    tagName: 'path',
    properties: { d },
    children: [],
  }));
  return {
    type: 'element',
    tagName: 'svg',
    properties: {
      viewBox: '0 0 24 24',
      width: '18',
      height: '18',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: '2',
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      focusable: 'false',
      ...(label ? { role: 'img', ariaLabel: label } : { ariaHidden: 'true' }),
    },
    children: paths,
  };
}
