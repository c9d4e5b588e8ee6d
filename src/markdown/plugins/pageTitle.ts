import type { Root, Heading } from 'mdast';
import type { VFile } from 'vfile';
import { toString } from 'mdast-util-to-string';
import { markdownData } from '../context.ts';

/** Takes the text of the first `#` heading as the page's title (front matter may override it). */
export function remarkPageTitle() {
  return (tree: Root, file: VFile) => {
    const heading = tree.children.find((node): node is Heading => node.type === 'heading' && node.depth === 1);
    if (heading) markdownData(file).title = toString(heading);
  };
}
