/**
 * Every `:::name` container directive the Markdown may use, declared once: the plugins that
 * handle them, the unknown-directive error and the unterminated-block error all read this list.
 * A new directive is one entry here and its plugin. (Text and leaf directives are not features:
 * remarkDirectivesAsText turns them back into the text that was written.)
 */
export interface ContainerDirectiveSpec {
  name: string;
  /** Which plugin renders it. */
  kind: 'admonition' | 'code-tabs';
  /** How errors name an unclosed block of it. */
  blockName: string;
  /** An admonition's title when the writer gives none (`:::note[Title]` gives one). */
  defaultTitle?: string;
}

const admonition = (name: string, defaultTitle: string): ContainerDirectiveSpec => ({ name, kind: 'admonition', blockName: `:::${name} block`, defaultTitle });

export const containerDirectives: readonly ContainerDirectiveSpec[] = [
  admonition('note', 'Note'),
  admonition('tip', 'Tip'),
  admonition('info', 'Info'),
  admonition('warning', 'Warning'),
  admonition('danger', 'Danger'),
  { name: 'code-tabs', kind: 'code-tabs', blockName: 'tab group' },
];

const byName = new Map(containerDirectives.map((spec) => [spec.name, spec]));

/** The declaration of `:::name`, or undefined for a name the site does not know. */
export const containerDirective = (name: string): ContainerDirectiveSpec | undefined => byName.get(name);

/** The admonition names, for the unknown-directive error. */
export const admonitionTypes = containerDirectives.filter((spec) => spec.kind === 'admonition').map((spec) => spec.name);

/** The name of the code-tabs directive (`:::code-tabs`). */
export const codeTabsDirective = containerDirectives.find((spec) => spec.kind === 'code-tabs')!.name;
