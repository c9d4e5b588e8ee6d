import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import { createHash } from 'node:crypto';
import { contentDigest, keptDigestOf, keptPartsOf, linkKept, type KeptOutput, type WrittenFile } from './keptOutput.ts';
import type { PresentContent, RenderedRoute, TextParts } from './renderedRoute.ts';
import { isTextParts, writeContent, writeParts } from './textParts.ts';

/** Writes files under one folder, making each directory once. */
export interface OutputWriter {
  /**
   * Writes `file`; with the last build's output (`kept`), says what it wrote and whether it linked
   * it from there. `digest`: the content's (contentDigest), when the caller has it already; given
   * it, content still in the cache (`LoadContent`) is read only when the file is not linked.
   * `madeFrom`: what the content is made from (RenderedRoute's), which names its digest when the
   * kept file was made from the same: content made on demand (`LoadContent`) is then made only
   * when the file is not linked.
   */
  write(
    file: string,
    content: RenderedRoute['content'],
    digest?: string,
    madeFrom?: string,
  ): Promise<WrittenFile | undefined>;
}

/**
 * A writer for one build's output folder, kept by a render thread for the whole build. Every
 * page is `route/index.html` beside its Markdown twin `route/index.md`: each folder is made once
 * (a `mkdir -p` per file asked again for a folder just made).
 *
 * Every file the build derives from a route is written here, so this is where a path that would
 * leave the output folder is stopped, whatever source made the route: routes are checked where
 * they are read (src/content/pageRoute.ts), and this is the second line.
 *
 * With `kept` (a build with the cache), a file whose bytes the last build's was is linked from
 * the cache (src/write/keptOutput.ts), not written.
 */
export function createOutputWriter(outDir: string, kept?: KeptOutput): OutputWriter {
  const root = path.resolve(outDir);
  // A joined path is normalised (no `..` left): below the folder is under its path and a separator
  // (isInside's path.relative resolved both paths again for each of ~2,000 files).
  const below = root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  const made = new Set<string>();
  // Synchronous, as linkKept's calls: through libuv's pool, a mkdir, or a write's open, write and
  // close (three hand-offs and their promises), cost this thread more than the calls themselves.
  const directory = (dir: string) => {
    if (made.has(dir)) return;
    // Parents first: a `mkdir -p` of a folder whose parent is missing fails once before it makes the parent.
    const parent = path.dirname(dir);
    if (parent.length > root.length) directory(parent);
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  return {
    async write(file, content, known, madeFrom) {
      const target = path.join(root, file);
      if (file.includes('\0') || !target.startsWith(below) || target.length === below.length) {
        throw new DocsgenError(`refused to write ${JSON.stringify(file)}: the path leads outside the output folder`);
      }
      directory(path.dirname(target));
      // Read (or made) once, when needed: for the digest, for the write, or for both.
      let loaded: Promise<PresentContent> | undefined;
      const present = () => (loaded ??= typeof content === 'function' ? content() : Promise.resolve(content));
      if (!kept) {
        writeContent(target, await present());
        return undefined;
      }
      if (typeof content !== 'function' && isTextParts(content) && known === undefined)
        return writeTextParts(kept, file, target, content, madeFrom);
      const digest =
        known ??
        (madeFrom === undefined ? undefined : keptDigestOf(kept, file, madeFrom)) ??
        contentDigest(await present());
      const linked = linkKept(kept, file, digest, target);
      if (!linked) writeContent(target, await present());
      return madeFrom === undefined ? { file, digest, linked } : { file, digest, linked, madeFrom };
    },
  };
}

/**
 * Text in parts, with the last build's output: linked when it is made from what the kept file was
 * (`madeFrom`, or else every part's key), otherwise written and digested in one pass, each part
 * the kept file holds under its key copied from there (its text never made). The file's parts'
 * keys and lengths go to the manifest for the next build.
 */
function writeTextParts(
  kept: KeptOutput,
  file: string,
  target: string,
  content: TextParts,
  madeFrom: string | undefined,
): WrittenFile {
  const keys = content.keys?.();
  const named = madeFrom ?? (keys && keysDigest(keys));
  const keptDigest = named === undefined ? undefined : keptDigestOf(kept, file, named);
  if (keptDigest !== undefined && linkKept(kept, file, keptDigest, target))
    return { file, digest: keptDigest, linked: true, madeFrom: named };
  const from = keys && keptPartsOf(kept, file, keys);
  let written;
  try {
    written = writeParts(target, content, { kept: from });
  } catch (error) {
    // The kept copy was cut short or went: every part made.
    if (!from) throw error;
    written = writeParts(target, content);
  }
  return {
    file,
    digest: written.digest!,
    linked: false,
    ...(named !== undefined && { madeFrom: named }),
    ...(keys && { parts: keys.map((key, index) => [key, written.lengths[index]] as [string, number]) }),
  };
}

/** What names parts made from the same as another file's (TextParts' keys), as a digest. */
function keysDigest(keys: readonly string[]): string {
  const hash = createHash('sha256');
  for (const key of keys) hash.update(key).update('\0');
  return hash.digest('base64url').slice(0, 32);
}
