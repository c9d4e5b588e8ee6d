import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit } from '../../tree/visit.ts';
import { errorAt } from '../context.ts';
import { containerDirective, containerDirectives } from '../directives.ts';
import { likelyMeant } from '../../didYouMean.ts';

/**
 * A `:::name` block the site does not declare (src/markdown/directives.ts) is an error at its
 * line, naming the closest known directive, rather than text that silently vanishes.
 */
export function remarkUnknownDirectives() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      if (containerDirective(node.name)) return;
      const names = containerDirectives.map((spec) => spec.name);
      const meant = likelyMeant(node.name, names);
      const hint = meant ? `did you mean ":::${meant}"? The directives are` : 'use one of';
      throw errorAt(file, node, `unknown directive ":::${node.name}"; ${hint} ${names.join(', ')}`);
    });
  };
}
