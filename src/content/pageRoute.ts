import { DocsgenError, type WrittenAt } from '../errors.ts';

/** Where a page's route came from: its file's path below content/docs, and its front matter's `slug`. */
export interface RouteInputs {
  /** Path below content/docs with forward slashes, e.g. `guides/index.md`. */
  relativePath: string;
  file: string;
  slug?: string;
  /** Where the slug's value is written, for errors. */
  slugAt?: WrittenAt;
  /** The route the docs' version lives under: `/docs/` for the current one, `/docs/<label>/` for a snapshot. */
  docsBase?: string;
}

/**
 * What a route segment may not hold, and why. A route is written into links as it is and is
 * a folder below the output folder: `..` wrote outside `dist/` and `.` replaced another page
 * (a browser resolves both away); a control character (NUL) crashed the build; and a URL
 * cannot carry `#`, `?` or `%` as they are (`a#b.md` was linked as `/docs/a`, `50%.md` answered
 * 400), nor `\`, which browsers read as `/`. As Docusaurus does (its `isValidPathname`), such
 * routes are refused rather than escaped: the writer renames the file or sets a slug.
 */
function segmentProblem(segment: string): string | undefined {
  const its = `its segment ${JSON.stringify(segment)}`;
  if (segment === '.' || segment === '..')
    return `${its} would be resolved away by browsers and file systems: the page would land elsewhere`;
  const control = /[\u0000-\u001f\u007f-\u009f]/.exec(segment);
  if (control)
    return `${its} holds the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  const reserved = /[#?%\\]/.exec(segment)?.[0];
  if (reserved) return `${its} holds "${reserved}", which a URL cannot carry as it is (${reservedMeaning[reserved]})`;
  return undefined;
}

const reservedMeaning: Record<string, string> = {
  '#': 'it starts the fragment',
  '?': 'it starts the query',
  '%': 'it starts an escape',
  '\\': 'browsers read it as "/"',
};

/**
 * The route of a docs page, worked out and checked once, where the page is read:
 * `a/b.md` → `/docs/a/b/`; `a/index.md` → `/docs/a/`; a slug starting with `/` is the path below
 * `/docs/` (below `/docs/<label>/` in a snapshot), any other replaces the file's own segment. Empty segments are dropped; a segment
 * that would leave the page's place or break its URL is an error at the slug's value, or at
 * the file when its name is to blame.
 */
export function pageRoute({ relativePath, file, slug, slugAt, docsBase = '/docs/' }: RouteInputs): string {
  const fromFile = relativePath.replace(/\.md$/, '').split('/');
  if (fromFile[fromFile.length - 1] === 'index') fromFile.pop();
  else if (slug !== undefined) fromFile.pop();
  const fromSlug = slug?.split('/') ?? [];
  for (const segment of slug?.startsWith('/') ? [] : fromFile) {
    const problem = segmentProblem(segment);
    if (problem) {
      throw new DocsgenError(
        `the path ${relativePath} cannot be a route: ${problem}; rename it, or give the page a \`slug\``,
        { file, line: 1, column: 1 },
      );
    }
  }
  for (const segment of fromSlug) {
    const problem = segmentProblem(segment);
    if (problem)
      throw new DocsgenError(
        `slug ${JSON.stringify(slug)} cannot be a route: ${problem}`,
        slugAt?.location ?? { file, line: 1, column: 1 },
        slugAt?.excerpt,
      );
  }
  const segments = [...(slug?.startsWith('/') ? [] : fromFile), ...fromSlug].filter((segment) => segment !== '');
  return `${docsBase}${segments.map((segment) => `${segment}/`).join('')}`;
}

/** A page that claims a route, and where it claims it (its slug, or else its file). */
export interface RouteClaim {
  route: string;
  relativePath: string;
  routeAt: WrittenAt;
}

/**
 * Two pages may not claim one route: the later would replace the earlier in the output. The
 * build checks the whole site, the dev server the site after each save, with this one check.
 */
export function assertRoutesUnique(pages: readonly RouteClaim[]): void {
  const [clash] = routeClashes(pages);
  if (clash) throw clash.error;
}

/** Every page that claims a route another page claimed before it, with the error at its claim. */
export function routeClashes<T extends RouteClaim>(pages: readonly T[]): { page: T; error: DocsgenError }[] {
  const byRoute = new Map<string, T>();
  const clashes: { page: T; error: DocsgenError }[] = [];
  for (const page of pages) {
    const other = byRoute.get(page.route);
    if (!other) {
      byRoute.set(page.route, page);
      continue;
    }
    // Blame the page whose slug made the clash, when one did.
    const [blamed, first] =
      other.routeAt.excerpt !== undefined && page.routeAt.excerpt === undefined ? [other, page] : [page, other];
    const { location, excerpt } = blamed.routeAt;
    clashes.push({
      page: blamed,
      error: new DocsgenError(
        `two pages claim the route ${page.route}: ${first.relativePath} and ${blamed.relativePath}`,
        location,
        excerpt,
      ),
    });
    if (blamed === other) byRoute.set(page.route, page);
  }
  return clashes;
}
