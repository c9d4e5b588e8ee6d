import { closeSync, fstatSync, openSync, read, readdirSync, readSync, writeSync, writev } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import pMap from 'p-map';
import { filesAtOnce } from '../fs/filesAtOnce.ts';
import { digestOf } from './cacheIntegrity.ts';
import { makeCacheFolder } from './cacheFolder.ts';
import { replaceAside } from '../fs/writeAside.ts';

const readAt = promisify(read);
const append = promisify(writev);

/** A payload's checksum, as wide as the header's digest field (CRC-32 finds truncation and garbage; SHA-256 cost four times as much here). */
const checksumOf = (payload: Buffer) => crc32(payload).toString(16).padStart(32, '0');

/**
 * Cache entries kept in a few append-only pack files instead of one file per entry. Creating
 * thousands of small files was most of what the cache cost a cold build: on this project's CI
 * machine 2,000 files of 44 KB took 2.5 s of system time, appending the same bytes to one file
 * 0.1 s. Every thread (and every process) appends to a pack of its own, so writers never
 * coordinate; a reader indexes every pack of the folder when it is first used.
 *
 * A record is an 82-byte header line, `DG1 E` + key + payload length + payload checksum, then
 * the payload. A pack cut short or overwritten is read up to its first record that does not parse
 * or does not fit, and an entry whose payload does not match its checksum is a miss: damage costs
 * a render, never a crash or wrong output. Beside its pack, a thread lists the keys of the older
 * entries it used (`.used`, one key a line), so that compaction after the build keeps them
 * (compactPacks, which then removes the lists).
 */
const magic = 'DG1 ';
const headerBytes = 82;
const keyPattern = /^[0-9a-f]{32}$/;
const packPattern = /\.pack$/;
const usedPattern = /\.used$/;

interface Located {
  fd: number;
  offset: number;
  length: number;
  digest: string;
}

/**
 * A pack at most this large is read whole, once, when its first entry is asked for, and its
 * entries are sliced from it: a pack of small entries (a page's fields, ~1.6 KB each once its
 * search records are kept apart) cost a read through the thread pool and a promise an entry
 * (1,000 a CI build of 1,000 varied pages). Larger packs (pages' HTML, records) are read an entry
 * at a time: read whole they were fresh memory that this machine charges for (~7 ms a MB).
 */
const wholePackBytes = 4 * 2 ** 20;

function header(key: string, length: number, digest: string): string {
  return `${magic}E${key} ${String(length).padStart(10, '0')} ${digest}\n`;
}

interface ParsedHeader {
  key: string;
  length: number;
  digest: string;
}

function parseHeader(bytes: Buffer): ParsedHeader | undefined {
  const text = bytes.toString('latin1');
  if (text.length !== headerBytes || !text.startsWith(magic) || text[headerBytes - 1] !== '\n') return undefined;
  const key = text.slice(5, 37);
  const length = Number(text.slice(38, 48));
  const digest = text.slice(49, 81);
  if (
    text[4] !== 'E' ||
    !keyPattern.test(key) ||
    text[37] !== ' ' ||
    text[48] !== ' ' ||
    !Number.isSafeInteger(length) ||
    !keyPattern.test(digest)
  )
    return undefined;
  return { key, length, digest };
}

type ScannedRecord = ParsedHeader & { offset: number };

/** Every record of the first `size` bytes of a pack, in order, up to the first that is damaged. */
function scanPack(fd: number, size: number): ScannedRecord[] {
  const records: ScannedRecord[] = [];
  const buffer = Buffer.alloc(headerBytes);
  for (let offset = 0; offset + headerBytes <= size; ) {
    if (readSync(fd, buffer, 0, headerBytes, offset) !== headerBytes) break;
    const parsed = parseHeader(buffer);
    if (!parsed || offset + headerBytes + parsed.length > size) break;
    records.push({ ...parsed, offset: offset + headerBytes });
    offset += headerBytes + parsed.length;
  }
  return records;
}

/**
 * Each pack's records as this process last scanned them, by the pack's path and size. A pack only
 * grows (records are appended, never changed: a damaged payload fails its checksum when read), so
 * a pack of the size it had holds the records it had, and is not read again: compaction after a
 * build scans no pack the build's thread indexed (a read of 82 bytes a record; 1,000 varied pages
 * with one edited: 2,000 of the ~5,000 records read twice).
 */
const scannedPacks = new Map<string, { size: number; records: ScannedRecord[] }>();

function packRecords(file: string, fd: number, size: number): ScannedRecord[] {
  const known = scannedPacks.get(file);
  if (known?.size === size) return known.records;
  const records = scanPack(fd, size);
  scannedPacks.set(file, { size, records });
  return records;
}

/** The store's storage key for a caller's key: cache keys are already 32-hex digests. */
export const storedKey = (key: string) => (keyPattern.test(key) ? key : digestOf(key));

/** The entries of one cache on disk, in append-only pack files (see the comment above). */
export class PackStore {
  private index: Map<string, Located> | undefined;
  private readonly readers: number[] = [];
  /** The small packs' sizes as indexed, by their descriptor, then their bytes once read (wholePackBytes). */
  private readonly smallPacks = new Map<number, number | Buffer | undefined>();
  private own: { fd: number; size: number } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private usedFd: number | undefined;
  private readonly usedKeys: string[] = [];
  private usedFlush: Promise<void> | undefined;
  /** This thread's files: time, process and thread, so that no two writers share one. */
  private readonly fileStem = `${Date.now().toString(36)}-${process.pid}-${threadId}`;
  /** Closed: every key is a miss and nothing is written (a page still rendering from a replaced site). */
  private closed = false;

  constructor(private readonly dir: string) {}

  private load(): Map<string, Located> {
    if (this.index) return this.index;
    this.index = new Map();
    if (this.closed) return this.index;
    let names: string[] = [];
    try {
      names = readdirSync(this.dir).filter((name) => packPattern.test(name));
    } catch {
      return this.index;
    }
    for (const name of names.sort()) {
      const file = path.join(this.dir, name);
      let fd: number;
      try {
        fd = openSync(file, 'r');
      } catch {
        continue;
      }
      // A folder where a pack belongs opens, and fails its first read (EISDIR): damage, a miss.
      const info = fstatSync(fd);
      if (!info.isFile()) {
        closeSync(fd);
        continue;
      }
      this.readers.push(fd);
      if (info.size <= wholePackBytes) this.smallPacks.set(fd, info.size);
      for (const record of packRecords(file, fd, info.size)) {
        this.index.set(record.key, { fd, offset: record.offset, length: record.length, digest: record.digest });
      }
    }
    return this.index;
  }

  has(key: string): boolean {
    return this.load().has(storedKey(key));
  }

  /** The payload kept under `key`, or undefined (never kept, or damaged: then forgotten). */
  async get(key: string): Promise<Buffer | undefined> {
    const stored = storedKey(key);
    const located = this.load().get(stored);
    if (!located) return undefined;
    const whole = this.wholePack(located);
    let payload: Buffer;
    let bytesRead: number;
    if (whole) {
      payload = whole.subarray(located.offset, located.offset + located.length);
      bytesRead = payload.length;
    } else {
      // Not zeroed first (a page's entry is ~50 KB): a read that does not fill it is a miss.
      payload = Buffer.allocUnsafeSlow(located.length);
      ({ bytesRead } = await readAt(located.fd, payload, 0, located.length, located.offset).catch(() => ({
        bytesRead: -1,
      })));
    }
    if (bytesRead !== located.length || checksumOf(payload) !== located.digest) {
      this.index!.delete(stored);
      return undefined;
    }
    return payload;
  }

  /** The bytes of the small pack that holds `located` as it was indexed, read once; undefined for another pack. */
  private wholePack({ fd, offset, length }: Located): Buffer | undefined {
    let known = this.smallPacks.get(fd);
    if (typeof known === 'number') {
      const bytes = Buffer.allocUnsafeSlow(known);
      let read = -1;
      try {
        read = readSync(fd, bytes, 0, known, 0);
      } catch {
        // A pack that cannot be read whole is read an entry at a time (each a miss, if it is damaged).
      }
      this.smallPacks.set(fd, (known = read === known ? bytes : undefined));
    }
    return known && offset + length <= known.length ? known : undefined;
  }

  /** Appends an entry to this thread's pack. */
  set(key: string, payload: Buffer): Promise<void> {
    const stored = storedKey(key);
    const digest = checksumOf(payload);
    return this.appendRecord([Buffer.from(header(stored, payload.length, digest), 'latin1'), payload], (fd, offset) =>
      this.load().set(stored, { fd, offset: offset + headerBytes, length: payload.length, digest }),
    );
  }

  /**
   * Notes that this build used an entry, so that compaction keeps it (the keys of one turn written
   * at once). Advisory: a list that cannot be written costs a later render, never this build.
   */
  touch(key: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.usedKeys.push(storedKey(key));
    this.usedFlush ??= this.enqueue(async () => {
      this.usedFlush = undefined;
      const lines = Buffer.from(
        this.usedKeys
          .splice(0)
          .map((used) => `${used}\n`)
          .join(''),
        'latin1',
      );
      if (this.usedFd === undefined) {
        await makeCacheFolder(this.dir);
        this.usedFd = openSync(path.join(this.dir, `${this.fileStem}.used`), 'a');
      }
      await append(this.usedFd, [lines]);
    }).catch(() => undefined);
    return this.usedFlush;
  }

  /** Runs file work one step after another, so that this thread's appends land in the order their offsets assume. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private appendRecord(parts: Buffer[], written?: (fd: number, offset: number) => void): Promise<void> {
    return this.enqueue(async () => {
      if (this.closed) return;
      if (!this.own) {
        await makeCacheFolder(this.dir);
        const fd = openSync(
          path.join(this.dir, `${this.fileStem}-${Math.random().toString(36).slice(2, 8)}.pack`),
          'a+',
        );
        this.readers.push(fd);
        this.own = { fd, size: 0 };
      }
      const { fd, size } = this.own;
      const length = parts.reduce((sum, part) => sum + part.length, 0);
      const { bytesWritten } = await append(fd, parts).catch((error: unknown) => {
        this.own = undefined;
        throw error;
      });
      // A short write (a full disk) leaves the pack readable up to here: the next record starts a new pack.
      if (bytesWritten !== length) {
        this.own = undefined;
        return;
      }
      this.own.size += length;
      written?.(fd, size);
    });
  }

  /** Closes the store's files for good (a build that ends, a dev server that replaces its site). */
  close(): void {
    this.closed = true;
    // Once the append running now is done (those queued after it write nothing, being closed).
    void this.queue.then(() => {
      for (const fd of this.readers.splice(0)) closeSync(fd);
      if (this.usedFd !== undefined) closeSync(this.usedFd);
      this.usedFd = undefined;
      this.own = undefined;
    });
    this.index = new Map();
    this.smallPacks.clear();
  }
}

/**
 * Drops what no recent build used: when the packs of `dir` hold more than twice the bytes of the
 * entries written or used since `since` (a build's start), those entries are copied into one new
 * pack and every other pack is removed (not for less than 64 KB to drop). The lists of used
 * keys are removed either way: they only serve this decision. Returns the bytes left.
 */
export async function compactPacks(dir: string, since: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const listed = names.filter((name) => packPattern.test(name) || usedPattern.test(name));
  const files = await pMap(
    listed,
    async (name) => ({ name, info: await stat(path.join(dir, name)).catch(() => undefined) }),
    { concurrency: filesAtOnce },
  );
  // What is not a file there (a folder where a pack belongs) is damage, removed with the lists.
  const packs = files.filter(({ name, info }) => info?.isFile() && packPattern.test(name));
  const lists = files.filter(({ name, info }) => usedPattern.test(name) || (info && !info.isFile()));
  const live = new Set<string>();
  for (const { name, info } of lists) {
    if (info && info.mtimeMs >= since)
      for (const key of (await readFile(path.join(dir, name), 'latin1').catch(() => '')).split('\n'))
        if (keyPattern.test(key)) live.add(key);
  }
  await pMap(lists, ({ name }) => rm(path.join(dir, name), { recursive: true, force: true }), {
    concurrency: filesAtOnce,
  });
  const total = packs.reduce((sum, pack) => sum + pack.info!.size, 0);
  const forget = async () => {
    await pMap(packs, ({ name }) => rm(path.join(dir, name), { force: true }), { concurrency: filesAtOnce });
    for (const { name } of packs) scannedPacks.delete(path.join(dir, name));
  };
  // Nothing of this cache written or used by the build (a CI build that rendered one page, every
  // other page taken whole from the cache, uses no cached Markdown): no entry is kept, no pack read.
  if (live.size === 0 && !packs.some(({ info }) => info!.mtimeMs >= since)) {
    if (total < 2 ** 16) return total;
    await forget();
    return 0;
  }
  const entries = new Map<string, { fd: number; offset: number; length: number; digest: string }>();
  const fds: number[] = [];
  try {
    for (const { name, info } of packs) {
      const file = path.join(dir, name);
      const fd = openSync(file, 'r');
      fds.push(fd);
      const recent = info!.mtimeMs >= since;
      for (const record of packRecords(file, fd, fstatSync(fd).size)) {
        entries.set(record.key, { fd, offset: record.offset, length: record.length, digest: record.digest });
        if (recent) live.add(record.key);
      }
    }
    const liveBytes = [...live].reduce(
      (sum, key) => sum + (entries.has(key) ? headerBytes + entries.get(key)!.length : 0),
      0,
    );
    if (total <= 2 * liveBytes || total - liveBytes < 2 ** 16) return total;
    // Entry by entry, so that memory holds one entry whatever the cache's size.
    const compacted = path.join(dir, `${Date.now().toString(36)}-${process.pid}-compacted.pack`);
    let written = 0;
    await replaceAside(compacted, (temporary) => {
      const out = openSync(temporary, 'w');
      try {
        for (const key of live) {
          const entry = entries.get(key);
          if (!entry) continue;
          const payload = Buffer.alloc(entry.length);
          if (
            readSync(entry.fd, payload, 0, entry.length, entry.offset) !== entry.length ||
            checksumOf(payload) !== entry.digest
          )
            continue;
          written += writeSync(out, Buffer.from(header(key, entry.length, entry.digest), 'latin1'));
          written += writeSync(out, payload);
        }
      } finally {
        closeSync(out);
      }
    });
    await forget();
    return written;
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}
