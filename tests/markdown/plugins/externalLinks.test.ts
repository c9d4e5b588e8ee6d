import { describe, expect, it } from 'vitest';
import type { Element, Root } from 'hast';
import { rehypeExternalLinks } from '../../../src/markdown/plugins/externalLinks.ts';

const link = (href: string): Element => ({
  type: 'element',
  tagName: 'a',
  properties: { href },
  children: [{ type: 'text', value: 'x' }],
});

describe('rehypeExternalLinks', () => {
  it('opens external links in a new tab without opener or referrer, and leaves site links alone', () => {
    const external = link('https://example.com/');
    const protocolRelative = link('//example.com/');
    const site = link('/docs/intro/');
    const tree: Root = {
      type: 'root',
      children: [{ type: 'element', tagName: 'p', properties: {}, children: [external, protocolRelative, site] }],
    };
    rehypeExternalLinks()(tree);
    expect(external.properties).toMatchObject({ target: '_blank', rel: ['noopener', 'noreferrer'] });
    expect(protocolRelative.properties).toMatchObject({ target: '_blank' });
    expect(site.properties.target).toBeUndefined();
  });

  it('does not walk into code blocks, which hold no links (a highlighted block is a span per token)', () => {
    const inside = link('https://example.com/');
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'pre',
          properties: {},
          children: [{ type: 'element', tagName: 'code', properties: {}, children: [inside] }],
        },
      ],
    };
    rehypeExternalLinks()(tree);
    expect(inside.properties.target).toBeUndefined();
  });
});
