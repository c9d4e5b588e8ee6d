import { readFileSync } from 'node:fs';
import type { BrokenLink } from './checkLinks.ts';

/**
 * Broken links with no place (line 0): the API reference renders its description's Markdown
 * texts without their place in the file, so their links arrive unplaced. Each is given the first
 * place its file writes its href whole (a URL holds no space, so YAML folding never splits it; JSON may
 * escape its slashes), which is where the writer fixes it; one that cannot be found stays unplaced.
 * Only broken links are placed, so a build whose links all arrive reads no file.
 */
export function placeDescriptionLinks(broken: BrokenLink[]): BrokenLink[] {
  const sources = new Map<string, string | undefined>();
  return broken.map((link) => {
    if (link.line) return link;
    if (!sources.has(link.file)) sources.set(link.file, readSource(link.file));
    const source = sources.get(link.file);
    const at = source === undefined ? -1 : firstPlace(source, link.href);
    if (at < 0) return link;
    const before = source!.slice(0, at);
    const line = before.split('\n').length;
    return { ...link, line, column: at - before.lastIndexOf('\n') };
  });
}

function readSource(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Where `href` is first written whole: not the tail of a longer URL (`https://x.example/docs`), nor the head of one. */
function firstPlace(source: string, href: string): number {
  for (const written of [href, href.replace(/\//g, '\\/')]) {
    const escaped = written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`(?<![\\w.~:/%\\\\-])${escaped}(?![\\w/#?%~-])`).exec(source);
    if (match) return match.index;
  }
  return -1;
}
