import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { createRecordWalker } from '../../search/plugins/recordWalker.ts';
import { markdownData } from '../context.ts';
import { titlePlaceholder } from '../../model/searchRecord.ts';

/**
 * Takes a page's search records from its Markdown while it is rendered, so the build never parses
 * the page's HTML again: the walk a crawler makes of `article .markdown`, the shell's `<h1>`
 * (when the page has no `#` heading) standing as a placeholder the page's title replaces.
 */
export function rehypeMarkdownRecords() {
  return (tree: Root, file: VFile) => {
    const walker = createRecordWalker();
    if (markdownData(file).title === undefined) walker.heading(1, titlePlaceholder, null);
    walker.walk(tree);
    markdownData(file).records = walker.records;
  };
}
