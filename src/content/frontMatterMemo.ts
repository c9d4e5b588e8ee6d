import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { hashOf } from '../cache/renderCache.ts';
import { writeAside } from '../fs/writeAside.ts';
import type { FrontMatter } from './frontMatter.ts';
import type { Variables } from './variables.ts';

/** What parseFrontMatter made of a docs page's head: its checked front matter, and where the body starts. */
export interface ParsedHead {
  frontMatter: FrontMatter;
  /** What of the head gray-matter left as body (text after the closing `---` line's end). */
  content: string;
  bodyLine: number;
}

/**
 * The docs pages' front matter as the last build parsed it, by the text of each page's head (up to
 * the line that closes it), kept in the cache for the next build: parsing it (gray-matter, YAML,
 * the schema) was 3.7% of the CPU of a CI build (its cache restored, one page edited, 1,000 pages)
 * for the same heads each time. What a head gives is a function of its text, the variables and
 * the schema (the engine's, whose fingerprint names the cache folder): a head is kept only when it
 * gave no warning (a warning names its file) and its front matter is plain JSON data; the kept
 * heads hold only while the variables are those they were parsed with.
 */
export interface FrontMatterMemo {
  get(head: string): ParsedHead | undefined;
  set(head: string, parsed: ParsedHead): void;
  /** Keeps this build's heads for the next (only when they are not what was read). */
  save(): Promise<void>;
}

type KeptHeads = {
  variables: string;
  heads: [head: string, frontMatter: FrontMatter, content: string, bodyLine: number][];
};

/**
 * One file a folder of docs pages (a version's), named by where the folder is from the cache's: a
 * project cloned elsewhere with its cache restored (a CI runner) finds it. Named by the absolute
 * path, the memo of a copy in another folder was never read, and written again every build.
 */
const memoFile = (cacheDir: string, docsDir: string) =>
  path.join(
    cacheDir,
    `front-matter-${hashOf(path.relative(path.resolve(cacheDir), path.resolve(docsDir)).split(path.sep).join('/')).slice(0, 12)}.json`,
  );

/** The last build's parsed heads of `docsDir`'s pages (none when there were none, the variables changed, or the file is damaged). */
export function openFrontMatterMemo(cacheDir: string, docsDir: string, variables: Variables): FrontMatterMemo {
  const file = memoFile(cacheDir, docsDir);
  const signature = JSON.stringify([...variables]);
  const kept = new Map<string, ParsedHead>();
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as KeptHeads;
    if (read.variables === signature)
      for (const [head, frontMatter, content, bodyLine] of read.heads)
        kept.set(head, { frontMatter, content, bodyLine });
  } catch {
    // Every head is parsed.
  }
  const used = new Map<string, ParsedHead>();
  let added = false;
  return {
    get(head) {
      const parsed = kept.get(head);
      if (parsed) used.set(head, parsed);
      return parsed;
    },
    set(head, parsed) {
      // Only what JSON gives back as it was (a Date, an undefined value would not be).
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.frontMatter)), parsed.frontMatter)) return;
      used.set(head, parsed);
      added = true;
    },
    async save() {
      if (!added && used.size === kept.size) return;
      const heads: KeptHeads['heads'] = [...used].map(([head, { frontMatter, content, bodyLine }]) => [
        head,
        frontMatter,
        content,
        bodyLine,
      ]);
      // A cache that cannot be written costs the next build its parsing, not this build.
      await writeAside(file, JSON.stringify({ variables: signature, heads } satisfies KeptHeads)).catch(
        () => undefined,
      );
    },
  };
}
