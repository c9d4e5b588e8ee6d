import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ownHeading, type SearchRecord } from '../../model/searchRecord.ts';
import { tokenize } from '../tokenize.ts';
import { encodeGroups, encodePostings, VarintWriter, type TermPostings } from './postingsCodec.ts';
import {
  pageTitleLevel,
  postingsFile,
  shardKey,
  vocabularyFile,
  type LocalIndexManifest,
  type RecordChunksManifest,
  type VocabularyShard,
} from './indexFormat.ts';
import { packParts } from './packParts.ts';
import { hashContent, type IndexFileContent, type PartsFile } from './fileParts.ts';
import { pageRuns, recordChunks, type CompressedChunks } from './recordChunks.ts';
import { pageIndexPart, type PageIndexPart } from './pageIndexPart.ts';
import {
  keptIds,
  mergeById,
  mergeEntries,
  renumberedParts,
  renumberedPostings,
  type KeptPostings,
  type PageRecords,
} from './keptPostings.ts';

/** How the local index is split into files. */
export interface LocalIndexOptions {
  /** Site-relative folder the files are served from; a content hash is appended. */
  basePath: string;
  recordsPerChunk?: number;
  /** The largest a record or postings file may be, in bytes (the smallest largest-file limit of the hosts the site may go to); one file of each by default. */
  indexFileBytes?: number;
  /** Target size of a postings block (what a query reads of the postings at least), in bytes; a longer list gets a block of its own. */
  postingsBlockBytes?: number;
  /** Above this many bytes of vocabulary, it is split by first character. */
  vocabularySplitBytes?: number;
  /** The record chunks the last build compressed (the kept index, src/search/keptIndex.ts), reused where a page's records are the same. */
  previousChunks?: CompressedChunks;
  /** Index parts of pages whose records are those the part was made from (writeSearchIndex keeps them), by page URL. */
  knownParts?: ReadonlyMap<string, PageIndexPart>;
  /**
   * The records' pages, in order (their digests and record counts), and the postings the last build
   * kept (writeSearchIndex): a page found there with the same records keeps its postings. With
   * `pages`, the index returns its own postings for the next build.
   */
  pages?: PageRecords[];
  keptPostings?: KeptPostings;
}

/** The local index: its manifest and its files. */
export interface LocalIndex {
  manifest: LocalIndexManifest;
  /** File name (relative to the manifest's base) → content. */
  files: Map<string, IndexFileContent>;
  /** The digest of each record chunk, in order: where the next build finds them in the record files (`previousChunks`). */
  chunkDigests: string[];
  /** Every page's index part, by page URL, for the next build (`knownParts`). */
  pageParts: Map<string, PageIndexPart>;
  /** This index's postings, for the next build (`keptPostings`), when its `pages` were given. */
  postings?: KeptPostings;
}

/** Records a chunk holds, unless told otherwise. */
export const defaultRecordsPerChunk = 16;

/** Builds the split local index from records in document order. */
export function buildLocalIndex(records: SearchRecord[], options: LocalIndexOptions): LocalIndex {
  const {
    recordsPerChunk = defaultRecordsPerChunk,
    postingsBlockBytes = 6_000,
    vocabularySplitBytes = 48_000,
  } = options;
  // Each page's part: kept from the last build where its records are the same, else worked out.
  const runs = pageRuns(records);
  const parts: PageIndexPart[] = [];
  const pageParts = new Map<string, PageIndexPart>();
  // The JSON of the chunks whose digests are worked out here, which their compression then uses.
  const chunkTexts = new Map<string, string>();
  let first = 0;
  for (const count of runs) {
    const url = records[first].url_without_anchor;
    const known = options.knownParts?.get(url);
    const part =
      known?.recordsPerChunk === recordsPerChunk
        ? known
        : pageIndexPart(records.slice(first, first + count), recordsPerChunk, chunkTexts);
    parts.push(part);
    pageParts.set(url, part);
    first += count;
  }
  const pages =
    options.pages?.reduce((sum, page) => sum + page.records, 0) === records.length ? options.pages : undefined;
  const postings = collectPostings(records, pages && options.keptPostings && { pages, kept: options.keptPostings });
  const terms = [...postings.keys()].sort(byCodeUnits);
  const files = new Map<string, IndexFileContent>();

  // Postings blocks, in term order so that a prefix's completions sit together, packed into files as the records are.
  const encoded = terms.map((term) => postings.get(term)!.bytes);
  const blocks = packParts(encoded, postingsBlockBytes);
  const compressed = blocks.files.map(({ parts }) => gzipSync(parts.length === 1 ? parts[0] : Buffer.concat(parts)));
  const packed = packParts(compressed, options.indexFileBytes ?? Infinity);
  packed.files.forEach((parts, file) => files.set(postingsFile(file), parts));
  const location = new Map<string, number[]>();
  terms.forEach((term, index) => {
    const { file, offset, length } = blocks.placed[index];
    location.set(term, [file, offset, length, postings.get(term)!.matched]);
  });

  const vocabulary: Record<string, string> = {};
  const shardOf = (list: string[]) => ({ terms: list, postings: list.flatMap((term) => location.get(term)!) });
  const whole: VocabularyShard = shardOf(terms);
  if (JSON.stringify(whole).length <= vocabularySplitBytes) {
    files.set(vocabularyFile(''), JSON.stringify(whole));
    vocabulary[''] = vocabularyFile('');
  } else {
    const byKey = groupBy(terms, shardKey);
    const tailsByKey = groupBy(
      terms.filter((term) => term.length > 1),
      (term) => shardKey(term.slice(String.fromCodePoint(term.codePointAt(0)!).length)),
    );
    for (const key of new Set([...byKey.keys(), ...tailsByKey.keys()])) {
      const shard: VocabularyShard = { ...shardOf(byKey.get(key) ?? []), tails: shardOf(tailsByKey.get(key) ?? []) };
      files.set(vocabularyFile(key), JSON.stringify(shard));
      vocabulary[key] = vocabularyFile(key);
    }
  }

  const chunks = recordChunks(
    records,
    recordsPerChunk,
    options.indexFileBytes ?? Infinity,
    options.previousChunks,
    parts.map((part) => part.chunks),
    chunkTexts,
  );
  for (const [name, content] of chunks.files) files.set(name, content);
  const base = contentFolder(options.basePath, files);
  const duplicates = duplicateGaps(runs, parts);
  return {
    manifest: {
      base,
      records: records.length,
      recordsPerChunk,
      ...chunks.table,
      vocabulary,
      tags: tagRuns(records),
      postingsBlockBytes: compressed.map((block) => block.length),
      postingsBlocksPerFile: packed.files.map(({ parts }) => parts.length),
      ...(duplicates.length > 0 ? { duplicates } : {}),
    },
    files,
    chunkDigests: chunks.digests,
    pageParts,
    ...(pages ? { postings: { pages, terms: new Map(terms.map((term, index) => [term, encoded[index]])) } } : {}),
  };
}

/** The records alone, in the local index's chunks (a site searched by a hosted index keeps them for export and push). */
export function buildRecordChunks(
  records: SearchRecord[],
  options: Pick<LocalIndexOptions, 'basePath' | 'recordsPerChunk' | 'indexFileBytes' | 'previousChunks'>,
): { manifest: RecordChunksManifest; files: Map<string, PartsFile>; chunkDigests: string[] } {
  const recordsPerChunk = options.recordsPerChunk ?? defaultRecordsPerChunk;
  const { files, table, digests } = recordChunks(
    records,
    recordsPerChunk,
    options.indexFileBytes ?? Infinity,
    options.previousChunks,
  );
  return {
    manifest: { base: contentFolder(options.basePath, files), records: records.length, recordsPerChunk, ...table },
    files,
    chunkDigests: digests,
  };
}

/** `basePath` and a folder named by a hash of the files, so that their URLs change when they do. */
function contentFolder(basePath: string, files: ReadonlyMap<string, IndexFileContent>): string {
  const hash = createHash('sha256');
  for (const [name, content] of [...files].sort(([a], [b]) => byCodeUnits(a, b)))
    hashContent(hash.update(name), content);
  return `${basePath.replace(/\/?$/, '/')}${hash.digest('hex').slice(0, 10)}/`;
}

/** Ids of the records that repeat an earlier record of their page (kind and text), as gaps from the previous one. */
function duplicateGaps(runs: number[], parts: PageIndexPart[]): number[] {
  const gaps: number[] = [];
  let last = 0;
  let first = 0;
  runs.forEach((count, page) => {
    for (const repeat of parts[page].repeats) {
      gaps.push(first + repeat - last);
      last = first + repeat;
    }
    first += count;
  });
  return gaps;
}

/** The records' tags as runs over their ids (manifest.tags). */
function tagRuns(records: SearchRecord[]): LocalIndexManifest['tags'] {
  const names: string[] = [];
  const runs: number[] = [];
  for (const record of records) {
    let name = names.indexOf(record.docusaurus_tag);
    if (name === -1) name = names.push(record.docusaurus_tag) - 1;
    if (runs.length > 0 && runs[runs.length - 2] === name) runs[runs.length - 1]++;
    else runs.push(name, 1);
  }
  return { names, runs };
}

/** A term's postings as the index stores them, and how many records they match. */
interface EncodedPostings {
  bytes: Uint8Array;
  matched: number;
}

/**
 * Every term's postings, encoded: own headings (with their sections), page groups (lvl0), content.
 * With `known`, a page's own postings (headings and content) are the kept ones where its records
 * are the same, and only the other pages' records are tokenized; a kept term that no such page
 * holds is renumbered as bytes (renumberedParts), the others decoded and merged.
 */
function collectPostings(
  records: SearchRecord[],
  known?: { pages: PageRecords[]; kept: KeptPostings },
): Map<string, EncodedPostings> {
  const ids = known && keptIds(known.kept.pages, known.pages);
  const own = pagePostings(records, ids?.fresh ?? [{ first: 0, count: records.length }]);
  const groups = new Map<string, TermPostings['groups']>();
  for (const group of lvl0Groups(records)) {
    for (const term of new Set(tokenize(group.lvl0))) {
      const found = groups.get(term);
      if (found) found.push({ start: group.start, length: group.length });
      else groups.set(term, [{ start: group.start, length: group.length }]);
    }
  }
  const encoded = new Map<string, EncodedPostings>();
  const out = new VarintWriter();
  const groupsOf = (term: string) => groups.get(term) ?? [];
  const matchedOf = (headings: number, content: number, termGroups: TermPostings['groups']) =>
    termGroups.reduce((sum, group) => sum + group.length, headings + content);
  if (known && ids) {
    const headings = new VarintWriter();
    const content = new VarintWriter();
    for (const [term, bytes] of known.kept.terms) {
      const found = own.get(term);
      const parts = renumberedParts(bytes, ids, headings, content);
      if (parts) {
        const fresh = found ?? { headings: [], content: [] };
        const headingCount = parts.headings + fresh.headings.length;
        const contentCount = parts.content + fresh.content.length;
        if (headingCount + contentCount === 0) continue;
        const termGroups = groupsOf(term);
        out.reset();
        out.varint(headingCount);
        // The edited pages' postings of the term, merged in by id (none: the kept ones as they are).
        if (fresh.headings.length === 0) out.copy(headings.written());
        else
          mergeEntries(
            headings.written(),
            parts.headings,
            4,
            fresh.headings.map(({ id, level, span, words }) => [id, level, span, words]),
            out,
          );
        encodeGroups(termGroups, out);
        out.varint(contentCount);
        if (fresh.content.length === 0) out.copy(content.written());
        else
          mergeEntries(
            content.written(),
            parts.content,
            1,
            fresh.content.map((id) => [id]),
            out,
          );
        encoded.set(term, { bytes: out.bytes(), matched: matchedOf(headingCount, contentCount, termGroups) });
        if (found) own.delete(term);
        continue;
      }
      const kept = renumberedPostings(bytes, ids.newIds);
      if (found) {
        found.headings = mergeById(kept.headings, found.headings, (heading) => heading.id);
        found.content = mergeById(kept.content, found.content, (id) => id);
      } else if (kept.headings.length > 0 || kept.content.length > 0) own.set(term, kept);
    }
  }
  const encode = (term: string, postings: TermPostings) => {
    postings.groups = groupsOf(term);
    const matched = matchedOf(postings.headings.length, postings.content.length, postings.groups);
    encoded.set(term, { bytes: encodePostings(postings, out), matched });
  };
  for (const [term, postings] of own) encode(term, postings);
  for (const term of groups.keys()) if (!encoded.has(term)) encode(term, { headings: [], groups: [], content: [] });
  return encoded;
}

/** The own postings (headings with their sections, content; no groups) of the records in `runs` (first id, count; in order). */
function pagePostings(records: SearchRecord[], runs: { first: number; count: number }[]): Map<string, TermPostings> {
  const postings = new Map<string, TermPostings>();
  const entry = (term: string) => {
    let found = postings.get(term);
    if (!found) postings.set(term, (found = { headings: [], groups: [], content: [] }));
    return found;
  };
  for (const { first, count } of runs) {
    const spans = sectionSpans(records, first, count);
    for (let id = first; id < first + count; id++) {
      const record = records[id];
      const heading = ownHeading(record);
      if (heading !== null) {
        const opensPage =
          record.type === 'lvl1' && (id === 0 || records[id - 1].url_without_anchor !== record.url_without_anchor);
        const level = opensPage ? pageTitleLevel : Number(record.type.slice(3));
        const words = tokenize(heading);
        for (const term of new Set(words))
          entry(term).headings.push({ id, level, span: spans[id - first], words: words.length });
      }
      if (record.content) for (const term of new Set(tokenize(record.content))) entry(term).content.push(id);
    }
  }
  return postings;
}

/**
 * For each heading record of `records[first]` to `records[first + count - 1]` (whole pages), how
 * many records follow it in its section (until a heading of the same or a higher level, or the
 * next page), by its id less `first`. A section ends with its page: a build that tokenizes one
 * edited page works out that page's spans, not the site's (35,000 records at 1,000 varied pages).
 */
function sectionSpans(records: SearchRecord[], first: number, count: number): number[] {
  const spans = new Array<number>(count).fill(0);
  const open: { id: number; level: number }[] = [];
  const close = (until: number, level: number) => {
    while (open.length > 0 && open[open.length - 1].level >= level) {
      const heading = open.pop()!;
      spans[heading.id - first] = until - heading.id - 1;
    }
  };
  for (let id = first; id < first + count; id++) {
    const record = records[id];
    if (id > first && record.url_without_anchor !== records[id - 1].url_without_anchor) close(id, 0);
    if (record.type === 'content') continue;
    const level = Number(record.type.slice(3));
    close(id, level);
    open.push({ id, level });
  }
  close(first + count, 0);
  return spans;
}

/** Runs of records that share a lvl0 (neighbouring pages of one sidebar category form one run). */
function lvl0Groups(records: SearchRecord[]): { lvl0: string; start: number; length: number }[] {
  const groups: { lvl0: string; start: number; length: number }[] = [];
  records.forEach((record, id) => {
    const last = groups[groups.length - 1];
    if (last && last.lvl0 === record.hierarchy.lvl0) last.length++;
    else groups.push({ lvl0: record.hierarchy.lvl0, start: id, length: 1 });
  });
  return groups;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const list = groups.get(name);
    if (list) list.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

/** Orders strings by UTF-16 code units, as the browser's binary search compares them. */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
