import type { Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visitFlow } from '../../tree/visitFlow.ts';
import { errorAt, markdownData } from '../context.ts';
import { containerDirective, containerDirectives } from '../directives.ts';
import { likelyMeant } from '../../didYouMean.ts';

/** A line that would open a known block but for its title written after a space (`:::warning Read this`), which the parser reads as text. */
const titleAfterSpace = /^(:{3,})([a-z][a-z-]*)[ \t]+([^\n]*\S)/;

/**
 * A `:::name` block the site does not declare (src/markdown/directives.ts) is an error at its
 * line, naming the closest known directive, rather than text that silently vanishes. So is a known
 * block whose title follows its name after a space (Docusaurus 2's `:::warning Read this`), which
 * the parser takes for a paragraph of text: the error says to write `:::warning[Read this]`.
 * An API description's text is left as it is (its authors write for other tools).
 */
export function remarkUnknownDirectives() {
  return (tree: Root, file: VFile) => {
    // Both are written with `:::`: a page without it is not walked.
    if (!String(file.value).includes(':::')) return;
    if (!markdownData(file).context.descriptionHtml)
      visitFlow(tree, 'paragraph', (node: Paragraph) => {
        const first = node.children[0];
        const written = first?.type === 'text' ? titleAfterSpace.exec(first.value) : null;
        if (!written || !containerDirective(written[2])) return;
        const [, colons, name, title] = written;
        throw errorAt(
          file,
          node,
          `the title of ":::${name}" goes in brackets, as in "${colons}${name}[${title}]"; after a space the block is read as text`,
        );
      });
    visitFlow(tree, 'containerDirective', (node: ContainerDirective) => {
      if (containerDirective(node.name)) return;
      const names = containerDirectives.map((spec) => spec.name);
      const meant = likelyMeant(node.name, names);
      const hint = meant ? `did you mean ":::${meant}"? The directives are` : 'use one of';
      throw errorAt(file, node, `unknown directive ":::${node.name}"; ${hint} ${names.join(', ')}`);
    });
  };
}
