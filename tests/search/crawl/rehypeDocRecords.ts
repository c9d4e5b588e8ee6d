import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { select } from 'hast-util-select';
import { createRecordWalker } from '../../../src/search/recordWalker.ts';
import type { PageRecord } from '../../../src/model/searchRecord.ts';

declare module 'vfile' {
  interface DataMap {
    searchRecords: PageRecord[];
  }
}

export interface DocRecordsOptions {
  /** The page region that holds its prose (`article .markdown` for docs, `main` for the home page). */
  selector: string;
}

/** Reads a rendered page's records, heading by heading, into `file.data.searchRecords`. */
export function rehypeDocRecords({ selector }: DocRecordsOptions) {
  return (tree: Root, file: VFile) => {
    const walker = createRecordWalker();
    const region = select(selector, tree);
    if (region) walker.walk(region);
    file.data.searchRecords = walker.records;
  };
}
