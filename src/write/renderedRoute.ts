import type { CacheCodec } from '../cache/renderCache.ts';
import { keptSummary, recordsEntry, recordsSummary } from '../search/keptRecords.ts';
import { contentDigest } from './keptOutput.ts';
import { isTextParts, textOfParts } from './textParts.ts';
import type { CodeSpan } from '../markdown/keptCode.ts';
import type { PageOutput } from '../model/pageOutput.ts';

/** One route rendered: its content, where it is written, and what the build keeps of a page. */
export interface RenderedRoute {
  route: string;
  /**
   * Text, or its UTF-8 bytes (a route taken from the cache comes as the bytes it is written as),
   * or text in parts (`TextParts`), or what reads those bytes from the cache when they are needed (`LoadContent`).
   */
  content: string | Uint8Array | TextParts | LoadContent;
  /** The file written, relative to the output folder (default: `<route>index.html` for a page, else the route). */
  file?: string;
  /** Ids, links and search records of a page; files have none. */
  output?: PageOutput;
  /** A docs page's highlighted code blocks in `content`, for the next build of the page (src/markdown/keptCode.ts). */
  code?: CodeSpan[];
  /**
   * `content`'s digest (contentDigest), which the output writer names a kept file by: kept with a
   * route in the cache (renderedRouteCodec), so that writing a cached route again costs no digest
   * of it. Never set on content that is changed afterwards.
   */
  digest?: string;
  /**
   * A digest of everything `content` is made from (the engine aside: the cache is the engine's own),
   * when the source can name it without making the content: a file the last build made from the
   * same is linked from its kept copy by the digest the manifest has for it, its content never
   * made (a page's Markdown twin). Never set on content that is changed afterwards.
   */
  madeFrom?: string;
}

/**
 * A cached page's bytes, read when they are needed: a docs page taken whole from the cache is
 * linked from the last build's output when its digest is the one kept there (keptOutput.ts), and
 * its HTML is never read (1,000 varied pages with one edited read ~50 MB of HTML to link them).
 */
export type LoadContent = () => Promise<string | Uint8Array>;

/**
 * A file's text as parts, in order, never joined into one string: the output writer digests and
 * writes it a part at a time (src/write/textParts.ts). For large files made of many texts
 * (llms-full.txt: every page's twin, 8 MB for 1,000 varied pages), which joined, encoded for
 * their digest and encoded again to be written took 24 MB of fresh memory a build. Each part is
 * whole text: no surrogate pair is split between two parts.
 */
export interface TextParts {
  /** Each part's text, or what makes it when it is needed (not when the file is linked, or the part copied, from the last build's). */
  parts: readonly (string | (() => string))[];
  /**
   * Each part's key, one a part: its text itself, or a digest of everything it is made from. The
   * writer links the file from the last build's kept copy when every key is the same, and
   * otherwise copies from that copy each part it holds under the same key, its text never made
   * (llms-full.txt with one page edited: one twin made, not 1,000; src/write/keptOutput.ts).
   * Asked for only by a build that keeps its output (a build without the cache needs none).
   */
  keys?: () => readonly string[];
}

/** A route with its content read (`LoadContent` called, parts joined). */
export type LoadedRoute = RenderedRoute & { content: string | Uint8Array };

/** Content that is here (not `LoadContent`): text, bytes, or text in parts. */
export type PresentContent = string | Uint8Array | TextParts;

/** The content itself, read from the cache if it is not here yet, its parts joined. */
export const loadedContent = async (content: RenderedRoute['content']): Promise<string | Uint8Array> => {
  const present = typeof content === 'function' ? await content() : content;
  return typeof present === 'string' || present instanceof Uint8Array ? present : textOfParts(present);
};

/** A rendered route's fields but its content, with its content's digest: how the docs' page cache keeps a page. */
export type RouteFields = Omit<RenderedRoute, 'content'> & { digest: string };

/** How a cache keeps a route's fields (RouteFields): see fieldsBytes, fieldsOf. */
export const routeFieldsCodec: CacheCodec<RouteFields> = {
  encode: (fields) => fieldsBytes(fields),
  decode: (bytes) => fieldsOf(bytes) as RouteFields,
};

/** How a cache keeps bytes: as they are. */
export const bytesCodec: CacheCodec<Uint8Array> = {
  encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  decode: (bytes) => bytes,
};

/**
 * A route's fields as bytes: the length of their JSON (4 bytes), that JSON without the page's
 * search records (with their digest and their summary: KeptRecords), then the records' JSON, which
 * a build that takes the page from the cache reads only when it needs them (fieldsOf). A page whose
 * records are kept apart (routeCache: KeptRecords without `json`) keeps its summary alone.
 * The digest is set on the page's own output, which this build's search index then names without
 * working it out again, and it is worked out from the records' JSON written here: a build that
 * kept its pages made each record JSON three times, not once.
 */
function fieldsBytes(fields: Omit<RenderedRoute, 'content'>): Buffer {
  const { output } = fields;
  // What is kept as JSON: the records' summary without them (KeptRecords less its `json` and `cache`).
  let head: unknown = fields;
  let records: Buffer | undefined;
  if (output?.records) {
    const entry = recordsEntry(output.records);
    output.recordsDigest ??= entry.digest;
    const { records: kept, ...rest } = output;
    head = { ...fields, output: { ...rest, keptRecords: recordsSummary(kept) } };
    records = entry.bytes;
  } else if (output?.keptRecords) {
    // A page taken from the cache, kept again: its records as they were read, or still where they are kept apart.
    const { json } = output.keptRecords;
    head = { ...fields, output: { ...output, keptRecords: keptSummary(output.keptRecords) } };
    records = json && Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  }
  const json = Buffer.from(JSON.stringify(head));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat(records ? [length, json, records] : [length, json]);
}

/** The fields fieldsBytes kept, their records' JSON left as bytes (`keptRecords.json`) when they were kept beside. */
function fieldsOf(bytes: Buffer): Omit<RenderedRoute, 'content'> {
  const length = bytes.readUInt32BE(0);
  if (4 + length > bytes.length) throw new RangeError('cached route shorter than its fields');
  const fields = JSON.parse(bytes.toString('utf8', 4, 4 + length)) as Omit<RenderedRoute, 'content'>;
  // Records are a JSON array, never empty bytes: none after the fields, they are kept apart.
  if (fields.output?.keptRecords && bytes.length > 4 + length)
    fields.output.keptRecords.json = bytes.subarray(4 + length);
  return fields;
}

/**
 * How a cache keeps rendered routes: their fields (fieldsBytes) and their length, then their
 * content's bytes as they are written. A page's HTML is most of an entry: kept inside JSON, each
 * hit decoded about 90 KB of escaped text and encoded it again to write it. The content's digest is
 * kept with it, worked out here once and given to the route kept (its `digest`), which the writer
 * then uses: 1,000 varied pages with one edited digested ~50 MB of HTML again to link the unchanged files.
 */
export const renderedRouteCodec: { encode(route: RenderedRoute): Buffer; decode(bytes: Buffer): LoadedRoute } = {
  encode(route) {
    const { content, ...fields } = route;
    if (typeof content === 'function') throw new TypeError('a route is cached with its content read');
    route.digest ??= contentDigest(content);
    const kept = fieldsBytes({ ...fields, digest: route.digest });
    const length = Buffer.alloc(4);
    length.writeUInt32BE(kept.length);
    const bytes = isTextParts(content) ? Buffer.from(textOfParts(content)) : content;
    return Buffer.concat([length, kept, typeof bytes === 'string' ? Buffer.from(bytes) : bytes]);
  },
  decode(bytes) {
    const length = bytes.readUInt32BE(0);
    if (4 + length > bytes.length) throw new RangeError('cached route shorter than its fields');
    return { ...fieldsOf(bytes.subarray(4, 4 + length)), content: bytes.subarray(4 + length) };
  },
};

/**
 * A page written as pieces (renderPagePieces, src/render/renderPage.ts) as its UTF-8 bytes: what
 * the output writer hashes and writes, without the page ever being one string.
 */
export function piecesBytes(pieces: readonly string[]): Uint8Array {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes;
}

/** A route's content as text (from the cache it comes as its UTF-8 bytes). */
export function contentText(content: string | Uint8Array): string {
  return typeof content === 'string'
    ? content
    : Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
}
