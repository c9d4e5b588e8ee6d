/**
 * Postings of one term, as the local index stores them (varints, ids as gaps):
 * - headings: records whose own heading holds the term, with the heading level, the length of
 *   its section (the records under it inherit the term as an ancestor) and its number of words
 *   (a query that is the whole heading ranks it first);
 * - groups: record ranges of pages whose lvl0 holds the term;
 * - content: content records whose text holds the term.
 */
export interface TermPostings {
  headings: { id: number; level: number; span: number; words: number }[];
  groups: { start: number; length: number }[];
  content: number[];
}

/** A term's postings as bytes: record numbers as gaps, each a varint. */
export function encodePostings(postings: TermPostings, out = new VarintWriter()): Uint8Array {
  out.reset();
  let previous = 0;
  out.varint(postings.headings.length);
  for (const heading of postings.headings) {
    out.varint(heading.id - previous);
    out.varint(heading.level);
    out.varint(heading.span);
    out.varint(heading.words);
    previous = heading.id;
  }
  encodeGroups(postings.groups, out);
  previous = 0;
  out.varint(postings.content.length);
  for (const id of postings.content) {
    out.varint(id - previous);
    previous = id;
  }
  return out.bytes();
}

/** The groups' part of a term's postings (between its headings and its content). */
export function encodeGroups(groups: TermPostings['groups'], out: VarintWriter): void {
  let previous = 0;
  out.varint(groups.length);
  for (const group of groups) {
    out.varint(group.start - previous);
    out.varint(group.length);
    previous = group.start;
  }
}

/** Varints written into one growing buffer (a term's bytes are copied out of it, not built number by number). */
export class VarintWriter {
  private buffer = new Uint8Array(4096);
  private length = 0;

  reset(): void {
    this.length = 0;
  }

  varint(value: number): void {
    if (this.length + 10 > this.buffer.length) this.grow(10);
    while (value > 0x7f) {
      this.buffer[this.length++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.buffer[this.length++] = value;
  }

  /** Bytes as they are (a part already encoded). */
  copy(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buffer.length) this.grow(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** What was written, as a view (valid until the next write). */
  written(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  /** A copy of what was written. */
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }

  private grow(needed: number): void {
    const larger = new Uint8Array(Math.max(this.buffer.length * 2, this.length + needed));
    larger.set(this.buffer.subarray(0, this.length));
    this.buffer = larger;
  }
}

/** A term's postings back from their bytes. */
export function decodePostings(bytes: Uint8Array): TermPostings {
  const varint = varintReader(bytes);
  const postings: TermPostings = { headings: [], groups: [], content: [] };
  let id = 0;
  for (let n = varint(); n > 0; n--) {
    id += varint();
    postings.headings.push({ id, level: varint(), span: varint(), words: varint() });
  }
  id = 0;
  for (let n = varint(); n > 0; n--) {
    id += varint();
    postings.groups.push({ start: id, length: varint() });
  }
  id = 0;
  for (let n = varint(); n > 0; n--) {
    id += varint();
    postings.content.push(id);
  }
  return postings;
}

/** The varints of `bytes`, one a call. */
export function varintReader(bytes: Uint8Array): () => number {
  let offset = 0;
  return () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[offset++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
}
