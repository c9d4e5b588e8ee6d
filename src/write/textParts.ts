import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import type { PresentContent, TextParts } from './renderedRoute.ts';

/** Whether content is text in parts (not one string, not bytes). */
export const isTextParts = (content: PresentContent): content is TextParts =>
  typeof content !== 'string' && !(content instanceof Uint8Array);

/** The buffer parts are encoded into on their way to a file: one a thread, made once. */
const bufferBytes = 1 << 18;
let buffer: Buffer | undefined;

/**
 * Writes content to `target`: text in parts through one small buffer, a few parts at a time,
 * never joined or encoded whole (fresh memory costs more than the copy: ~7 ms of CPU a MB on the
 * 2-core machine the bench runs on, where 8 MB of llms-full.txt written as one string made 16 MB).
 */
export function writeContent(target: string, content: PresentContent): void {
  if (!isTextParts(content)) {
    writeFileSync(target, content);
    return;
  }
  const chunk = (buffer ??= Buffer.allocUnsafeSlow(bufferBytes));
  const fd = openSync(target, 'w');
  try {
    let used = 0;
    const flush = () => {
      for (let done = 0; done < used; ) done += writeSync(fd, chunk, done, used - done);
      used = 0;
    };
    for (const part of content.parts) {
      // A UTF-16 code unit is at most 3 bytes of UTF-8: a part that may not fit goes after the ones before it.
      if (part.length * 3 > chunk.length - used) {
        flush();
        if (part.length * 3 > chunk.length) {
          const bytes = Buffer.from(part);
          for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
          continue;
        }
      }
      used += chunk.write(part, used);
    }
    flush();
  } finally {
    closeSync(fd);
  }
}
