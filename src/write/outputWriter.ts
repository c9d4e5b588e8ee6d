import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import { isInside } from '../fs/isInside.ts';
import { contentDigest, keptDigestOf, linkKept, type KeptOutput, type WrittenFile } from './keptOutput.ts';
import type { PresentContent, RenderedRoute } from './renderedRoute.ts';
import { writeContent } from './textParts.ts';

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
  const made = new Set<string>();
  // Synchronous, as linkKept's calls: through libuv's pool, a mkdir, or a write's open, write and
  // close (three hand-offs and their promises), cost this thread more than the calls themselves.
  const directory = (dir: string) => {
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  return {
    async write(file, content, known, madeFrom) {
      const target = path.join(outDir, file);
      if (file.includes('\0') || target === outDir || !isInside(outDir, target)) {
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
