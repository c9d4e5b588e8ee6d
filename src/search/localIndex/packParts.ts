/** Where a part was packed: its file's number, and its bytes in that file. */
export interface PackedPart {
  file: number;
  offset: number;
  length: number;
}

/**
 * Packs parts back to back, in order, into files of at most `fileBytes` (a larger part gets a
 * file of its own): a static host takes a few files where a file a part was thousands, and each
 * part stays readable alone as a byte range of its file. A file is its parts and its length, never
 * joined here (fileParts.ts writes them).
 */
export function packParts<P extends { length: number }>(
  parts: Iterable<P>,
  fileBytes: number,
): { files: { parts: P[]; length: number }[]; placed: PackedPart[] } {
  const files: { parts: P[]; length: number }[] = [];
  const placed: PackedPart[] = [];
  let pending: P[] = [];
  let size = 0;
  const flush = () => {
    if (pending.length === 0) return;
    files.push({ parts: pending, length: size });
    pending = [];
    size = 0;
  };
  for (const part of parts) {
    if (size > 0 && size + part.length > fileBytes) flush();
    placed.push({ file: files.length, offset: size, length: part.length });
    pending.push(part);
    size += part.length;
  }
  flush();
  return { files, placed };
}
