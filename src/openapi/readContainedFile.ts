import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * Bounds on what an OpenAPI description may make docsgen read. GitHub's description is one 13 MB
 * file, DigitalOcean's 2,906 files of 9 MB in all: these leave room for ten times either.
 */
export const descriptionLimits = { fileBytes: 64 * 2 ** 20, totalBytes: 256 * 2 ** 20, files: 20_000 };

/** Why a file was not read, in words for an error message. */
export class RefusedRead extends Error {}

/**
 * Reads the bytes of a file that must be a regular file inside `folder` (after following symbolic links), of
 * at most `maxBytes`: a FIFO, a device or a folder is refused before a byte is read (opened
 * without blocking, so a FIFO with no writer cannot hang the build), and so is a file that grew
 * past its limit while it was read.
 */
export async function readContainedFile(file: string, folder: string, maxBytes: number): Promise<Buffer> {
  const real = await realpath(file).catch((error: NodeJS.ErrnoException) => {
    throw new RefusedRead(error.code === 'ENOENT' ? 'no such file' : `cannot read it (${error.code ?? error.message})`);
  });
  const relative = path.relative(await realpath(folder), real);
  if (relative.startsWith('..') || path.isAbsolute(relative))
    throw new RefusedRead("it is outside the description's folder");
  const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new RefusedRead(info.isDirectory() ? 'it is a folder' : 'it is not a regular file');
    if (info.size > maxBytes) throw new RefusedRead(`it is larger than ${maxBytes} bytes`);
    // One byte more than the limit allows: reading it means the file grew past the limit. In
    // memory threads share: the description's thread is given the bytes, not a copy (descriptionFilesAhead.ts).
    const buffer = Buffer.from(new SharedArrayBuffer(Math.min(info.size, maxBytes) + 1));
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      ({ bytesRead: read } = await handle.read(buffer, length, buffer.length - length, length));
    }
    if (length > maxBytes) throw new RefusedRead(`it is larger than ${maxBytes} bytes`);
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}
