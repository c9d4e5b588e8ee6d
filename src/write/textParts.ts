import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import type { PresentContent, TextParts } from './renderedRoute.ts';

/** Whether content is text in parts (not one string, not bytes). */
export const isTextParts = (content: PresentContent): content is TextParts =>
  typeof content !== 'string' && !(content instanceof Uint8Array);

/** A part's text (made when it is made on demand). */
export const partText = (part: TextParts['parts'][number]): string => (typeof part === 'string' ? part : part());

/** The parts' text joined (for what needs it whole: the dev server, a route cached). */
export const textOfParts = (content: TextParts): string => content.parts.map(partText).join('');

/** What names a file's bytes (the output manifest's digest): the first 32 characters of their SHA-256 in base64url. */
export const digestOf = (hash: Hash): string => hash.digest('base64url').slice(0, 32);

/** The buffer parts are encoded into on their way to a file: one a thread, made once. */
const bufferBytes = 1 << 18;
let buffer: Buffer | undefined;

/**
 * Writes content to `target`: text in parts through one small buffer, a few parts at a time,
 * never joined or encoded whole (fresh memory costs more than the copy: ~7 ms of CPU a MB on the
 * 2-core machine the bench runs on, where 8 MB of llms-full.txt written as one string made 16 MB).
 */
export function writeContent(target: string, content: PresentContent): void {
  if (!isTextParts(content)) writeFileSync(target, content);
  else writeParts(target, content, { digest: false });
}

/** The last build's kept copy of a file, and where it holds each of this build's parts (undefined: not there). */
export interface KeptParts {
  file: string;
  at: readonly ({ offset: number; length: number } | undefined)[];
}

/**
 * Writes text in parts to `target` and returns the digest of the bytes written (contentDigest's,
 * when asked for) and each part's length in bytes. With `kept`, a part whose key it holds is
 * copied from the kept file (adjacent ones in one run, through the same buffer) instead of made
 * and encoded. Throws when the kept file is shorter than it says: the caller writes the file again without it.
 */
export function writeParts(
  target: string,
  content: TextParts,
  { kept, digest = true }: { kept?: KeptParts; digest?: boolean } = {},
): { digest?: string; lengths: number[] } {
  const chunk = (buffer ??= Buffer.allocUnsafeSlow(bufferBytes));
  const hash = digest ? createHash('sha256') : undefined;
  const lengths: number[] = [];
  const fd = openSync(target, 'w');
  let keptFd: number | undefined;
  try {
    let used = 0;
    const out = (bytes: Uint8Array) => {
      hash?.update(bytes);
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
    };
    const flush = () => {
      if (used > 0) out(chunk.subarray(0, used));
      used = 0;
    };
    // Adjacent parts of the kept file, copied as one range.
    let run: { offset: number; length: number } | undefined;
    const copyRun = () => {
      if (!run) return;
      flush();
      keptFd ??= openSync(kept!.file, 'r');
      for (let done = 0; done < run.length; ) {
        const count = readSync(keptFd, chunk, 0, Math.min(chunk.length, run.length - done), run.offset + done);
        if (count === 0) throw new Error(`${kept!.file} is shorter than its manifest says`);
        out(chunk.subarray(0, count));
        done += count;
      }
      run = undefined;
    };
    content.parts.forEach((part, index) => {
      const at = kept?.at[index];
      if (at) {
        if (run && run.offset + run.length === at.offset) run.length += at.length;
        else {
          copyRun();
          run = { ...at };
        }
        lengths.push(at.length);
        return;
      }
      copyRun();
      const text = partText(part);
      // A UTF-16 code unit is at most 3 bytes of UTF-8: a part that may not fit goes after the ones before it.
      if (text.length * 3 > chunk.length - used) {
        flush();
        if (text.length * 3 > chunk.length) {
          const bytes = Buffer.from(text);
          out(bytes);
          lengths.push(bytes.length);
          return;
        }
      }
      const written = chunk.write(text, used);
      used += written;
      lengths.push(written);
    });
    copyRun();
    flush();
  } finally {
    closeSync(fd);
    if (keptFd !== undefined) closeSync(keptFd);
  }
  return { digest: hash && digestOf(hash), lengths };
}
