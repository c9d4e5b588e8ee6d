import { cachedValue } from '../cache/cacheSet.ts';
import { hashOf } from '../cache/renderCache.ts';
import type { BrokenLink } from './checkLinks.ts';

/** Each API description's files with their text as loaded (the root first) and its digest, by its root file. */
export type DescriptionSources = ReadonlyMap<string, readonly { file: string; source: string; digest: string }[]>;

/** A link's place as kept: the index of its file among its description's files, its line and column; null: not found. */
type KeptPlace = [file: number, line: number, column: number] | null;

/**
 * The broken links placed as placeDescriptionLinks places them, those of descriptions kept in the
 * render cache (`cacheDir`) by the descriptions' files and the links to place: a build of an
 * unchanged site places the same links in the same files, and reading GitHub's 13 MB for them
 * (decoding its text, ~40 scans of it) was ~0.5 s of a warm build's CPU. Nothing is read when no
 * link needs a place.
 */
export async function placeDescriptionLinksKept(
  broken: BrokenLink[],
  sources: DescriptionSources,
  cacheDir: string | undefined,
): Promise<BrokenLink[]> {
  const unplaced = broken.filter((link) => !link.line && sources.has(link.file));
  if (unplaced.length === 0) return broken;
  const roots = [...new Set(unplaced.map((link) => link.file))];
  const key = hashOf(
    'description-link-places',
    JSON.stringify(roots.map((root) => sources.get(root)!.map(({ digest }) => digest))),
    JSON.stringify(
      unplaced.map((link) => [roots.indexOf(link.file), link.href, link.description?.written, link.description?.near]),
    ),
  );
  const places = await cachedValue<KeptPlace[]>(cacheDir, 'description-link-places', key, async () =>
    placeDescriptionLinks(unplaced, sources).map((placed, index) => {
      const file = sources.get(unplaced[index].file)!.findIndex((entry) => entry.file === placed.file);
      return placed.line && file >= 0 ? [file, placed.line, placed.column] : null;
    }),
  );
  const placedLinks = new Map(
    unplaced.map((link, index) => {
      const place = places[index];
      if (!place) return [link, link] as const;
      const [file, line, column] = place;
      return [link, { ...link, file: sources.get(link.file)![file].file, line, column }] as const;
    }),
  );
  return broken.map((link) => placedLinks.get(link) ?? link);
}

/**
 * Broken links with no place (line 0): the API reference renders its description's Markdown
 * texts without their place in the file, so their links arrive unplaced, named by the
 * description's root file. Each is given the first place a file of that description (the root,
 * then the files it refers to, in `sources`) writes its href whole (a URL holds no space, so YAML
 * folding never splits it; JSON may escape its slashes), which is where the writer fixes it; a
 * link to an anchor (`#parameter-fields`, which many descriptions repeat), the first place after
 * where its description starts, in the file that holds that description. One that cannot be
 * found stays unplaced.
 */
export function placeDescriptionLinks(
  broken: BrokenLink[],
  sources: ReadonlyMap<string, readonly { file: string; source: string }[]>,
): BrokenLink[] {
  const lines = new Map<string, number[]>();
  return broken.map((link) => {
    if (link.line) return link;
    const files = sources.get(link.file) ?? [];
    const written = link.description?.written ?? link.href;
    const near = link.description?.near;
    // A description found nowhere (folded past its first words): the first place a file writes the link.
    const found =
      (near !== undefined && placed(files, written, (source) => descriptionStart(source, near))) ||
      placed(files, written, () => 0);
    if (!found) return link;
    let starts = lines.get(found.file);
    if (!starts) {
      starts = lineStarts(found.source);
      lines.set(found.file, starts);
    }
    // The last line starting at or before the place (binary search: GitHub's description has ~347,000 lines).
    let [low, high] = [0, starts.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= found.at) low = middle;
      else high = middle - 1;
    }
    return { ...link, file: found.file, line: low + 1, column: found.at - starts[low] + 1 };
  });
}

/** Where each line of `source` starts (after each `\n`; the first at 0). */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The first of `files` that writes `written` after its `start` (-1: not in that file), and where. */
function placed(
  files: readonly { file: string; source: string }[],
  written: string,
  start: (source: string) => number,
): { file: string; source: string; at: number } | undefined {
  for (const { file, source } of files) {
    const from = start(source);
    const at = from < 0 ? -1 : firstPlace(source, written, from);
    if (at >= 0) return { file, source, at };
  }
  return undefined;
}

/**
 * The broken links with a description's link to an anchor once per place: a description shown on
 * several pages (a shared schema's: Stripe's `#scheduled_queries` on 8) is reported for the first
 * page, since the writer fixes it in one place.
 */
export function onePerPlace(broken: BrokenLink[]): BrokenLink[] {
  const seen = new Set<string>();
  return broken.filter((link) => {
    if (!link.description || !link.line) return true;
    const place = `${link.file}:${link.line}:${link.column}`;
    return !seen.has(place) && Boolean(seen.add(place));
  });
}

/**
 * Where `href` is first written whole from `from` on: not the tail of a longer URL
 * (`https://x.example/docs`), nor the head of one.
 */
function firstPlace(source: string, href: string, from: number): number {
  for (const written of [href, href.replace(/\//g, '\\/')]) {
    const pattern = new RegExp(`(?<![\\w.~:/%\\\\-])${escaped(written)}(?![\\w/#?%~-])`, 'g');
    pattern.lastIndex = from;
    const match = pattern.exec(source);
    if (match) return match.index;
  }
  return -1;
}

/**
 * Where a description whose first line is `near` is written: as it is (a YAML block), escaped as
 * a JSON string, or, folded over lines in YAML, by its first words. -1 when it is found nowhere.
 */
function descriptionStart(source: string, near: string): number {
  const words = near.split(' ');
  const heads = [
    near,
    ...[8, 4].filter((count) => words.length > count).map((count) => words.slice(0, count).join(' ')),
  ];
  for (const head of heads)
    for (const written of [head, JSON.stringify(head).slice(1, -1)]) {
      if (written.length < 12) continue;
      const at = source.indexOf(written);
      if (at >= 0) return at;
    }
  return -1;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
