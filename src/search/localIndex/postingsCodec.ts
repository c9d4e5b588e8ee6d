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
export function encodePostings(postings: TermPostings): Uint8Array {
  const bytes: number[] = [];
  const varint = (value: number) => {
    while (value > 0x7f) {
      bytes.push((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    bytes.push(value);
  };
  let previous = 0;
  varint(postings.headings.length);
  for (const heading of postings.headings) {
    varint(heading.id - previous);
    varint(heading.level);
    varint(heading.span);
    varint(heading.words);
    previous = heading.id;
  }
  previous = 0;
  varint(postings.groups.length);
  for (const group of postings.groups) {
    varint(group.start - previous);
    varint(group.length);
    previous = group.start;
  }
  previous = 0;
  varint(postings.content.length);
  for (const id of postings.content) {
    varint(id - previous);
    previous = id;
  }
  return Uint8Array.from(bytes);
}

/** A term's postings back from their bytes. */
export function decodePostings(bytes: Uint8Array): TermPostings {
  let offset = 0;
  const varint = () => {
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
