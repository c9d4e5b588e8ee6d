import { readFileSync } from 'node:fs';
import type { BrokenLink } from './checkLinks.ts';

/**
 * Broken links with no place (line 0): the API reference renders its description's Markdown
 * texts without their place in the file, so their links arrive unplaced. Each is given the first
 * place its file writes its href whole (a URL holds no space, so YAML folding never splits it; JSON may
 * escape its slashes), which is where the writer fixes it; a link to an anchor (`#parameter-fields`,
 * which many descriptions repeat), the first place after where its description starts. One that
 * cannot be found stays unplaced. Only broken links are placed, so a build whose links all arrive
 * reads no file.
 */
export function placeDescriptionLinks(broken: BrokenLink[]): BrokenLink[] {
  const sources = new Map<string, string | undefined>();
  return broken.map((link) => {
    if (link.line) return link;
    if (!sources.has(link.file)) sources.set(link.file, readSource(link.file));
    const source = sources.get(link.file);
    if (source === undefined) return link;
    const from = link.description ? Math.max(0, descriptionStart(source, link.description.near)) : 0;
    const at = firstPlace(source, link.description?.written ?? link.href, from);
    if (at < 0) return link;
    const before = source.slice(0, at);
    const line = before.split('\n').length;
    return { ...link, line, column: at - before.lastIndexOf('\n') };
  });
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

function readSource(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
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
