import { closeSync, openSync, readSync, writeSync, writevSync } from 'node:fs';
import type { Hash } from 'node:crypto';

/** Bytes of a file the last build wrote and the cache kept (src/search/keptIndex.ts): `length` of them from `offset`. */
export interface KeptBytes {
  file: string;
  offset: number;
  length: number;
}

/**
 * An index file made of parts back to back (record chunks, postings blocks): bytes this build
 * made, or bytes of a kept file, read only as they are written (and hashed). Never joined: the
 * record file is ~4 MB at 1,000 varied pages, and memory a build touches fresh is what costs here
 * (~7 ms of CPU a MB); a kept file's bytes go through one small buffer.
 */
export interface PartsFile {
  parts: (Uint8Array | KeptBytes)[];
  length: number;
}

/** What an index file holds. */
export type IndexFileContent = string | Uint8Array | PartsFile;

export const isPartsFile = (content: IndexFileContent): content is PartsFile =>
  typeof content !== 'string' && !(content instanceof Uint8Array);

/** The buffer kept bytes go through (one, reused: sync calls only). */
let through: Buffer | undefined;
const throughBytes = 1 << 18;

/** `file`'s parts in order: its own as they are, adjacent parts of one kept file joined into one range. */
function* runs(file: PartsFile): Generator<Uint8Array | KeptBytes> {
  const parts = file.parts;
  for (let index = 0; index < parts.length; ) {
    const part = parts[index++];
    if (part instanceof Uint8Array) {
      yield part;
      continue;
    }
    let { length } = part;
    while (index < parts.length) {
      const next = parts[index];
      if (next instanceof Uint8Array || next.file !== part.file || next.offset !== part.offset + length) break;
      length += next.length;
      index++;
    }
    yield { file: part.file, offset: part.offset, length };
  }
}

/** Calls `use` with a kept file's bytes, in order, through one buffer (valid until `use` returns). */
function readKept({ file, offset, length }: KeptBytes, use: (bytes: Uint8Array) => void): void {
  through ??= Buffer.allocUnsafeSlow(throughBytes);
  const fd = openSync(file, 'r');
  try {
    for (let done = 0; done < length; ) {
      const count = readSync(fd, through, 0, Math.min(through.length, length - done), offset + done);
      if (count === 0) throw new Error(`${file} is shorter than the search index kept it (${offset + length} bytes)`);
      use(through.subarray(0, count));
      done += count;
    }
  } finally {
    closeSync(fd);
  }
}

/** Adds `content`'s bytes to `hash`, as the bytes of the file it is. */
export function hashContent(hash: Hash, content: IndexFileContent): void {
  if (!isPartsFile(content)) {
    hash.update(content);
    return;
  }
  for (const run of runs(content)) {
    if (run instanceof Uint8Array) hash.update(run);
    else readKept(run, (bytes) => hash.update(bytes));
  }
}

/** Buffers one gathered write takes at most (the system's IOV_MAX). */
const gathered = 1024;

/**
 * Writes `content` as `file`: its own parts in gathered writes (a record chunk is ~2 KB: a write
 * each was thousands of calls), a kept file's bytes through one buffer. Synchronous: the buffer is shared.
 */
export function writePartsFile(file: string, content: PartsFile): void {
  const fd = openSync(file, 'w');
  const pending: Uint8Array[] = [];
  const flush = () => {
    if (pending.length > 0) writeAll(fd, pending.splice(0));
  };
  try {
    for (const run of runs(content)) {
      if (run instanceof Uint8Array) {
        if (pending.push(run) === gathered) flush();
        continue;
      }
      flush();
      readKept(run, (bytes) => writeAll(fd, [bytes]));
    }
    flush();
  } finally {
    closeSync(fd);
  }
}

/** Writes every byte of `buffers` at the file's position (a short write's rest written again). */
function writeAll(fd: number, buffers: Uint8Array[]): void {
  let written = writevSync(fd, buffers);
  for (const buffer of buffers) {
    if (written >= buffer.length) {
      written -= buffer.length;
      continue;
    }
    for (let done = written; done < buffer.length; ) done += writeSync(fd, buffer, done, buffer.length - done);
    written = 0;
  }
}
