import { decodePostings, type TermPostings, type VarintWriter } from './postingsCodec.ts';

/** A page of the index's records: the digest of its records (recordsDigest) and how many there are. */
export interface PageRecords {
  digest: string;
  records: number;
}

/**
 * The postings one build made, kept for the next (writeSearchIndex): each term's postings as the
 * index encodes them, and the pages they were made from, in record order. A page's own postings
 * (its headings, with their levels and sections, and its content) depend on its records alone, so a
 * page whose records are the same keeps them with its records renumbered; only the pages edited
 * are tokenized again. 1,000 varied pages: tokenizing every record cost ~0.4 s of a 3 s CI build.
 */
export interface KeptPostings {
  pages: PageRecords[];
  /** Term → its postings' bytes (encodePostings; their groups are not read: they span pages and are worked out afresh). */
  terms: ReadonlyMap<string, Uint8Array>;
}

/**
 * What can be taken from `kept` for the records of `pages`: each kept record's new id (−1 where
 * its page is gone or changed), the first kept id from which every later one moves by the same
 * amount and none is gone (`tailFrom`: their gaps are as they were), and the runs of records
 * (first id, count) of the pages that must be tokenized.
 */
export function keptIds(kept: PageRecords[], pages: PageRecords[]): KeptIds {
  const keptFirst = new Map<string, { first: number; records: number }>();
  let first = 0;
  for (const page of kept) {
    keptFirst.set(page.digest, { first, records: page.records });
    first += page.records;
  }
  const newIds = new Int32Array(first).fill(-1);
  const fresh: { first: number; count: number }[] = [];
  first = 0;
  for (const page of pages) {
    const found = keptFirst.get(page.digest);
    if (found?.records === page.records) {
      for (let record = 0; record < page.records; record++) newIds[found.first + record] = first + record;
      keptFirst.delete(page.digest);
    } else if (page.records > 0) {
      fresh.push({ first, count: page.records });
    }
    first += page.records;
  }
  let tailFrom = newIds.length;
  if (tailFrom > 0 && newIds[tailFrom - 1] >= 0) {
    const shift = newIds[tailFrom - 1] - (tailFrom - 1);
    while (tailFrom > 0 && newIds[tailFrom - 1] >= 0 && newIds[tailFrom - 1] === tailFrom - 1 + shift) tailFrom--;
  }
  return { newIds, tailFrom, fresh };
}

/** keptIds' answer. */
export interface KeptIds {
  newIds: Int32Array;
  tailFrom: number;
  fresh: { first: number; count: number }[];
}

/** A kept term's own postings (headings and content) in new ids, without those of pages gone or changed; no groups. */
export function renumberedPostings(bytes: Uint8Array, newIds: Int32Array): TermPostings {
  const { headings, content } = decodePostings(bytes);
  const postings: TermPostings = { headings: [], groups: [], content: [] };
  for (const heading of headings) {
    const id = newIds[heading.id];
    if (id >= 0) postings.headings.push({ ...heading, id });
  }
  for (const old of content) {
    const id = newIds[old];
    if (id >= 0) postings.content.push(id);
  }
  // Pages moved past one another: their records' ids are no longer in order.
  if (!ascending(postings.headings.map((heading) => heading.id))) postings.headings.sort((a, b) => a.id - b.id);
  if (!ascending(postings.content)) postings.content.sort((a, b) => a - b);
  return postings;
}

/**
 * A kept term's own postings in new ids without decoding them into objects: its headings' and its
 * content's entries re-encoded varint by varint into `headings` and `content` (their counts
 * returned) up to the first entry from `tailFrom` on, and the entries after it copied as they are
 * (their gaps have not changed); or null where the new ids come out of order (pages moved past one
 * another: renumberedPostings sorts them). 1,000 varied pages, one edited: decoding every term into
 * objects and encoding it again was ~0.3 s of a 2.4 s CI build; re-encoding each varint, ~0.1 s of 1.6.
 */
export function renumberedParts(
  bytes: Uint8Array,
  { newIds, tailFrom }: Pick<KeptIds, 'newIds' | 'tailFrom'>,
  headings: VarintWriter,
  content: VarintWriter,
): { headings: number; content: number } | null {
  headings.reset();
  content.reset();
  const cursor = new VarintCursor(bytes);
  const count = { headings: 0, content: 0 };
  let old = 0;
  let previous = -1;
  for (let n = cursor.next(); n > 0; n--) {
    old += cursor.next();
    const level = cursor.next();
    const span = cursor.next();
    const words = cursor.next();
    const id = newIds[old];
    if (id < 0) continue;
    if (id <= previous) return null;
    headings.varint(id - Math.max(previous, 0));
    headings.varint(level);
    headings.varint(span);
    headings.varint(words);
    previous = id;
    count.headings++;
    if (old >= tailFrom) {
      count.headings += cursor.copyNext(4 * (n - 1), headings) / 4;
      break;
    }
  }
  // The groups (they span pages): worked out afresh.
  cursor.skip(2 * cursor.next());
  old = 0;
  previous = -1;
  for (let n = cursor.next(); n > 0; n--) {
    old += cursor.next();
    const id = newIds[old];
    if (id < 0) continue;
    if (id <= previous) return null;
    content.varint(id - Math.max(previous, 0));
    previous = id;
    count.content++;
    if (old >= tailFrom) {
      count.content += cursor.copyNext(n - 1, content);
      break;
    }
  }
  return count;
}

/**
 * Entries of a term's postings renumbered as bytes (renumberedParts' `kept`: `count` entries of
 * `width` varints, the first of each its id's gap from the last) with `fresh` entries (id first,
 * in order, ids none of the kept have) merged in by id, written into `out`: the kept entries before
 * the last fresh one are read and written again, the rest copied as they are (their gaps have not
 * changed). 1,000 varied pages, one edited: decoding the postings of that page's terms (the site's
 * most common words among them) into objects, merging and encoding them again was 1.4-1.7% of a CI build's samples.
 */
export function mergeEntries(
  kept: Uint8Array,
  count: number,
  width: number,
  fresh: number[][],
  out: VarintWriter,
): void {
  const cursor = new VarintCursor(kept);
  let left = count;
  let keptId = 0;
  let previous = 0;
  const readNext = (): number[] | undefined => {
    if (left === 0) return undefined;
    left--;
    keptId += cursor.next();
    const entry = [keptId];
    for (let field = 1; field < width; field++) entry.push(cursor.next());
    return entry;
  };
  const write = (entry: number[]) => {
    out.varint(entry[0] - previous);
    for (let field = 1; field < width; field++) out.varint(entry[field]);
    previous = entry[0];
  };
  let next = readNext();
  for (const entry of fresh) {
    while (next && next[0] < entry[0]) {
      write(next);
      next = readNext();
    }
    write(entry);
  }
  if (!next) return;
  write(next);
  cursor.copyNext(left * width, out);
}

/** Varints read one at a time from `bytes`, or skipped, or copied as they are. */
class VarintCursor {
  private offset = 0;

  constructor(private readonly bytes: Uint8Array) {}

  next(): number {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = this.bytes[this.offset++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  }

  /** Moves past the next `count` varints. */
  skip(count: number): void {
    for (let left = count; left > 0; left--) while (this.bytes[this.offset++] & 0x80);
  }

  /** Copies the next `count` varints into `out` as they are; returns `count`. */
  copyNext(count: number, out: VarintWriter): number {
    const start = this.offset;
    this.skip(count);
    out.copy(this.bytes.subarray(start, this.offset));
    return count;
  }
}

/** Two lists of postings of disjoint records, each in record order, as one in record order. */
export function mergeById<T>(a: T[], b: T[], id: (item: T) => number): T[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(id(a[i]) < id(b[j]) ? a[i++] : b[j++]);
  while (i < a.length) merged.push(a[i++]);
  while (j < b.length) merged.push(b[j++]);
  return merged;
}

function ascending(ids: number[]): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i] < ids[i - 1]) return false;
  return true;
}
