import path from 'node:path';
import { cacheSet } from '../cache/cacheSet.ts';
import { hashOf } from '../cache/renderCache.ts';
import { describedFile, type OpenApiDocument, type OpenApiFile, type OpenApiModel } from './openApiModel.ts';

/** The render cache's folder for parsed descriptions. */
export const parsedDescriptionCacheName = 'openapi-parsed';

/** A loaded description as kept: every file it read (`part` '' is the root file) with its content's digest, and what parsing them gave. */
export interface ParsedDescription {
  files: { part: string; digest: string }[];
  document: OpenApiDocument;
  parts: Record<string, unknown>;
}

/** Files read at a time to check an entry (DigitalOcean's description has 2,906). */
const checkedAtOnce = 16;

/** The key of a description's entry: its root file's name in the project and its content's digest (the other files are checked against the entry). */
export const parsedDescriptionKey = (name: string, rootDigest: string) => hashOf('openapi-parsed', name, rootDigest);

/**
 * The description whose root file (`name` in the project) is `root`, as parsed and checked by an earlier
 * load (JSON.parse instead of YAML: GitHub's 13 MB), when every other file it read still has the
 * content it had then (each read again with `read` and its digest compared). A damaged entry, a
 * file changed or no longer readable, is a miss. Only descriptions that loaded without error are
 * kept (`keepParsedDescription`), so a mistake is parsed and reported every time.
 */
export async function cachedParsedDescription(
  cacheDir: string | undefined,
  root: OpenApiFile,
  name: string,
  read: (file: string) => Promise<Buffer>,
): Promise<Pick<OpenApiModel, 'files' | 'document' | 'parts'> | undefined> {
  if (cacheDir === undefined) return undefined;
  const caches = cacheSet({ cacheDir });
  let entry: unknown;
  try {
    entry = await caches
      .cache<ParsedDescription>(parsedDescriptionCacheName, 1)
      .get(parsedDescriptionKey(name, root.digest));
  } finally {
    caches.close();
  }
  if (!isParsedDescription(entry) || entry.files[0]?.part !== '') return undefined;
  const folder = path.dirname(root.file);
  const files: OpenApiFile[] = [root];
  const others = entry.files.slice(1);
  for (let start = 0; start < others.length; start += checkedAtOnce) {
    const batch = others.slice(start, start + checkedAtOnce);
    const sources = await Promise.all(batch.map(({ part }) => read(path.join(folder, part)).catch(() => undefined)));
    for (const [index, bytes] of sources.entries()) {
      const file = bytes && describedFile(path.join(folder, batch[index].part), bytes);
      if (file?.digest !== batch[index].digest) return undefined;
      files.push(file);
    }
  }
  return { files, document: entry.document, parts: entry.parts };
}

/** Keeps a description that loaded without error (its root file `name` in the project) for the next load, unless JSON cannot hold it as it is (a YAML date, `.inf`, `!!binary`). */
export async function keepParsedDescription(
  cacheDir: string | undefined,
  model: OpenApiModel,
  name: string,
): Promise<void> {
  if (cacheDir === undefined || !jsonHoldsExactly([model.document, model.parts])) return;
  const folder = path.dirname(model.file);
  const rootDigest = model.files.find((entry) => entry.file === model.file)!.digest;
  const entry: ParsedDescription = {
    files: model.files.map(({ file, digest }) => ({
      part: file === model.file ? '' : path.relative(folder, file).split(path.sep).join('/'),
      digest,
    })),
    document: model.document,
    parts: model.parts,
  };
  const caches = cacheSet({ cacheDir });
  try {
    await caches
      .cache<ParsedDescription>(parsedDescriptionCacheName, 1)
      .set(parsedDescriptionKey(name, rootDigest), entry);
  } finally {
    caches.close();
  }
}

function isParsedDescription(value: unknown): value is ParsedDescription {
  const entry = value as ParsedDescription | undefined;
  return (
    isMapping(entry) &&
    Array.isArray(entry.files) &&
    entry.files.every((file) => isMapping(file) && typeof file.part === 'string' && typeof file.digest === 'string') &&
    isMapping(entry.document) &&
    isMapping(entry.parts)
  );
}

const isMapping = (value: unknown): value is Record<string, any> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether JSON.parse(JSON.stringify(value)) gives the same data: only plain objects, arrays, strings, finite numbers, booleans and null. */
function jsonHoldsExactly(value: unknown): boolean {
  const seen = new WeakSet<object>();
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node === 'string' || typeof node === 'boolean') continue;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return false;
      continue;
    }
    if (typeof node !== 'object') return false;
    if (seen.has(node)) continue;
    seen.add(node);
    if (!Array.isArray(node) && Object.getPrototypeOf(node) !== Object.prototype) return false;
    for (const child of Object.values(node)) stack.push(child);
  }
  return true;
}
