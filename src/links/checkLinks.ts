import type { LinkSource, PageOutput } from '../model/pageOutput.ts';
import { readFileSync } from 'node:fs';
import { likelyMeant } from '../didYouMean.ts';
import { sectionAnchorsIn } from '../model/apiAnchors.ts';
import { DocsgenError, formatLocation } from '../errors.ts';

/** A link as written in a source (src/model/pageOutput.ts). */
export type { LinkSource };

/** A link that leads nowhere, why, and the nearest target that exists. */
export interface BrokenLink extends LinkSource {
  reason: 'missing page' | 'missing anchor' | 'missing file' | 'missing image' | 'malformed percent-encoding';
  suggestion?: string;
}

/** The ids of each page a link may lead to, by route: what the check asks of them. */
export type PageIds = Pick<ReadonlyMap<string, ReadonlySet<string>>, 'get' | 'keys'>;

/** The ids of each page's shell (PageOutput's `shellIds`), by route. */
export type ShellIds = Pick<ReadonlyMap<string, ReadonlySet<string>>, 'get'>;

/** The shell ids of these pages, by route. */
export const shellIdsOf = (outputs: Iterable<Pick<PageOutput, 'route' | 'shellIds'>>): ShellIds =>
  new Map([...outputs].map((output) => [output.route, new Set(output.shellIds)]));

/**
 * Checks internal links against the pages the build produced and the ids on them. `pages` maps
 * each route (with trailing slash) to the ids its HTML carries; `files` are other paths served.
 * A suggestion ("did you mean") is made only when one is close enough to be a typo (`likelyMeant`,
 * the rule of every other suggestion); a missing anchor's is an id of the page's content, never one
 * of its shell (`shellIds`: `#mobile-menu` is a target, but not what a writer meant), and for a
 * description's link one of the reference's sections (an operation, a schema). A description's links
 * come without their place (line 0), and so are returned: `placeDescriptionLinks` places them.
 */
export function checkLinks(
  links: LinkSource[],
  pages: PageIds,
  files: ReadonlySet<string>,
  shellIds: ShellIds = new Map(),
): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(link.href)) continue;
    // Unplaced links of a description are told apart by the description they are in.
    const key = `${link.file}:${link.line}:${link.column}:${link.href}:${link.description?.near ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (link.missingFile) {
      broken.push({ ...link, reason: link.image ? 'missing image' : 'missing file' });
      continue;
    }
    const [rawPath, rawHash] = link.href.split('#', 2) as [string, string | undefined];
    const path = decoded(decodeURI, rawPath.split('?')[0]);
    const hash = rawHash ? decoded(decodeURIComponent, rawHash) : '';
    if (path === undefined || hash === undefined) {
      broken.push({
        ...link,
        reason: 'malformed percent-encoding',
        suggestion: link.href.replace(/%(?![0-9a-f]{2})/gi, '%25'),
      });
      continue;
    }
    if (path !== '' && !path.startsWith('/')) continue;
    if (path !== '' && files.has(path)) continue;
    const route = path === '' ? undefined : path.endsWith('/') ? path : `${path}/`;
    const ids = route === undefined ? undefined : pages.get(route);
    if (route !== undefined && ids === undefined) {
      broken.push({ ...link, reason: 'missing page', suggestion: likelyMeant(route, pages.keys()) });
      continue;
    }
    if (hash && ids && !ids.has(hash)) {
      const shell = shellIds.get(route!);
      const content = shell ? [...ids].filter((id) => !shell.has(id)) : [...ids];
      // A description's anchor names a section of the reference (its authors' own site's anchors rarely are).
      const meant = likelyMeant(hash, link.description ? sectionAnchorsIn(new Set(content)) : content);
      broken.push({
        ...link,
        reason: 'missing anchor',
        suggestion: meant === undefined ? undefined : `${route}#${meant}`,
      });
    }
  }
  return broken;
}

/**
 * Whether a broken link is reported as a warning whatever `onBrokenLinks` says (`build`,
 * `check-links` and the dev server alike): an API description's link to an anchor
 * (`LinkSource.description`), which its authors wrote for their own site. A writer's is an error.
 */
export const isLinkWarning = (link: BrokenLink): boolean => link.description !== undefined;

/** The route an internal link leads to (`/docs/intro/` for `/docs/intro#x`), undefined for any other link. */
export function linkRoute(href: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return undefined;
  const path = decoded(decodeURI, href.split('#', 1)[0].split('?')[0]);
  if (path === undefined || !path.startsWith('/')) return undefined;
  return path.endsWith('/') ? path : `${path}/`;
}

/** A link's part decoded, or undefined when a `%` starts no escape (`50%`: decodeURI throws URIError). */
function decoded(decode: (text: string) => string, text: string): string | undefined {
  try {
    return decode(text);
  } catch {
    return undefined;
  }
}

/** `broken link (reason) to href; did you mean …?` */
export function describeBrokenLink(link: BrokenLink): string {
  const what =
    link.reason === 'missing image' ? `missing image ${link.href}` : `broken link (${link.reason}) to ${link.href}`;
  return `${what}${link.suggestion ? `; did you mean ${link.suggestion}?` : ''}`;
}

/** A broken link as an error at its place, with the line it is on (`more`: what follows the description). */
export function brokenLinkError(link: BrokenLink, more = ''): DocsgenError {
  const excerpt = link.line ? readFileSync(link.file, 'utf8').split('\n')[link.line - 1] : undefined;
  return new DocsgenError(
    `${describeBrokenLink(link)}${more}`,
    { file: link.file, line: link.line || undefined, column: link.column || undefined },
    excerpt,
  );
}

/** `file:line:col: broken link …`, as every command prints it: the file relative to `root`, as errors name theirs. */
export function formatBrokenLink(link: BrokenLink, root: string): string {
  const where = link.line ? { file: link.file, line: link.line, column: link.column } : { file: link.file };
  return `${formatLocation(where, root)}: ${describeBrokenLink(link)}`;
}
