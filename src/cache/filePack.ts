import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { digestOf } from './cacheIntegrity.ts';
import { replaceAside } from '../fs/writeAside.ts';

/**
 * Many files kept as one cache entry: a digest line, a JSON header (the caller's `meta` and each
 * file's name and length), then the files' bytes back to back. Writing thousands of small files
 * into the cache (a 1,000-page site's search index is about 1,600) cost more system time than
 * building them; one file costs one write, and one read to restore. Named `.files`, never `.pack`:
 * pack compaction (packStore.ts) reads only its own files.
 */
export function packPieces(files: Map<string, string | Uint8Array>, meta: unknown): Buffer[] {
  const bodies = [...files.values()].map((content) =>
    typeof content === 'string'
      ? Buffer.from(content)
      : Buffer.from(content.buffer, content.byteOffset, content.byteLength),
  );
  const header = Buffer.from(
    JSON.stringify({ meta, files: [...files.keys()].map((name, i) => [name, bodies[i].length]) }),
  );
  const payload = [Buffer.from(`${header.length}\n`), header, ...bodies];
  // The digest digestOf gives the payload joined, worked out piece by piece: joining them (twice,
  // the digest line before) copied every byte; the search's record chunks are ~4 MB at 1,000 pages.
  const hash = createHash('sha256');
  for (const piece of payload) hash.update(piece);
  return [Buffer.from(`${hash.digest('hex').slice(0, 32)}\n`), ...payload];
}

/** Writes the pack of `files` and `meta` as `file`, beside and renamed into place, its pieces in one gathered write. */
export async function writePackAside(file: string, files: Map<string, string | Uint8Array>, meta: unknown) {
  const pieces = packPieces(files, meta);
  await replaceAside(file, async (temporary) => {
    const handle = await open(temporary, 'w');
    try {
      await handle.writev(pieces);
    } finally {
      await handle.close();
    }
  });
}

/** The files and meta of a pack, or undefined when it is damaged in any way (a miss for the caller). */
export function unpackFiles<M>(pack: Buffer): { meta: M; files: Map<string, Buffer> } | undefined {
  if (pack.length < 33 || pack[32] !== 0x0a) return undefined;
  const payload = pack.subarray(33);
  if (digestOf(payload) !== pack.subarray(0, 32).toString('latin1')) return undefined;
  try {
    const newline = payload.indexOf(0x0a);
    const headerLength = Number(payload.subarray(0, newline).toString('latin1'));
    const header = JSON.parse(payload.subarray(newline + 1, newline + 1 + headerLength).toString('utf8')) as {
      meta: M;
      files: [string, number][];
    };
    const files = new Map<string, Buffer>();
    let offset = newline + 1 + headerLength;
    for (const [name, length] of header.files) {
      files.set(name, payload.subarray(offset, offset + length));
      offset += length;
    }
    return offset === payload.length ? { meta: header.meta, files } : undefined;
  } catch {
    return undefined;
  }
}
