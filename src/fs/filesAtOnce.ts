/**
 * How many files a step that opens many (reading the pages, writing the search index, copying
 * the cached bundle, listing the cache) keeps open at once, with p-map. All at once, 20,004 pages
 * failed with EMFILE at Linux's usual limit of 1,024 open files, and 5,000 did under 4,096; 64 is
 * as fast (libuv's thread pool runs 4 file operations at a time) and leaves the rest of the
 * limit to the render threads, the cache's pack files and the dev server's watchers.
 */
export const filesAtOnce = 64;
