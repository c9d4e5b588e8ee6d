/**
 * Every `:::name` container directive the Markdown may use, declared once: the plugins that
 * handle them, the unknown-directive error and the unterminated-block error all read this list.
 * A new directive is one entry here and its plugin. (Text and leaf directives are not features:
 * remarkDirectivesAsText turns them back into the text that was written.)
 */
export interface ContainerDirectiveSpec {
  name: string;
  /** Which plugin renders it. */
  kind: 'admonition' | 'code-tabs' | 'tabs' | 'tab';
  /** How errors name an unclosed block of it. */
  blockName: string;
  /** An admonition's look (one of five) and its title when the writer gives none (`:::note[Title]` gives one). */
  admonition?: { style: AdmonitionStyle; title: string };
}

/** The five looks of an admonition, each with its colour and icon. */
export type AdmonitionStyle = 'note' | 'tip' | 'info' | 'warning' | 'danger';

const admonition = (name: string, style: AdmonitionStyle, title: string): ContainerDirectiveSpec => ({
  name,
  kind: 'admonition',
  blockName: `:::${name} block`,
  admonition: { style, title },
});

/** Every `:::name` container a page may use: the admonitions (Docusaurus's names and aliases) and the tab groups. */
export const containerDirectives: readonly ContainerDirectiveSpec[] = [
  admonition('note', 'note', 'Note'),
  admonition('tip', 'tip', 'Tip'),
  admonition('info', 'info', 'Info'),
  admonition('warning', 'warning', 'Warning'),
  admonition('danger', 'danger', 'Danger'),
  // Docusaurus's other names (theme-classic's Admonition/Types): each looks like the type it aliases.
  admonition('caution', 'warning', 'Caution'),
  admonition('secondary', 'note', 'Secondary'),
  admonition('important', 'info', 'Important'),
  admonition('success', 'tip', 'Success'),
  { name: 'code-tabs', kind: 'code-tabs', blockName: 'tab group' },
  { name: 'tabs', kind: 'tabs', blockName: 'tab group' },
  { name: 'tab', kind: 'tab', blockName: ':::tab block' },
];

const byName = new Map(containerDirectives.map((spec) => [spec.name, spec]));

/** The declaration of `:::name`, or undefined for a name the site does not know. */
export const containerDirective = (name: string): ContainerDirectiveSpec | undefined => byName.get(name);

/** The name of the directive of a kind (`:::code-tabs`, `::::tabs`, `:::tab`). */
export const directiveName = (kind: 'code-tabs' | 'tabs' | 'tab'): string =>
  containerDirectives.find((spec) => spec.kind === kind)!.name;
