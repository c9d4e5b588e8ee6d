import path from 'node:path';
import type { Root, Link, Definition } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from '../../tree/visit.ts';
import { errorAt, markdownData, type MarkdownContext } from '../context.ts';
import { unsafeUrlMessage, unsafeUrlScheme } from '../../config/safeUrl.ts';
import { withBase } from '../../model/paths.ts';

const scheme = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Rewrites relative `.md` links to the routes of their pages (`../faq.md#x` → `/docs/faq/#x`),
 * site links under the site's base (`/acme/docs/faq/`),
 * and records every internal link with its position, for the link check after rendering (a
 * `.md` link to a file that is not a page is recorded as such), and every http(s) one, for
 * `check-links --external` to name where it is written. A link whose scheme is not
 * one of the safe ones (`javascript:`, `data:`, …) is an error, and so is a malformed `%` escape.
 * Images are remarkImages'.
 */
export function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const data = markdownData(file);
    data.links ??= [];
    visit(tree, (node) => {
      if (node.type !== 'link' && node.type !== 'definition') return;
      const link = node as Link | Definition;
      const written = link.url;
      const unsafe = unsafeUrlScheme(written);
      if (unsafe !== undefined) throw errorAt(file, link, unsafeUrlMessage(written, unsafe, 'link'));
      const start = link.position?.start;
      const at = { line: start?.line ?? 0, column: start?.column ?? 0 };
      if (scheme.test(written) || written.startsWith('//')) {
        if (/^https?:/i.test(written)) data.links.push({ href: written, written, ...at, missingFile: false });
        return;
      }
      const base = data.context.baseUrl ?? '/';
      if (isPageLink(written) && !isWellEscaped(written)) {
        throw errorAt(file, link, `malformed percent-encoding in link ${written}: write %25 for a literal %`);
      }
      const resolved = resolveHref(written, data.context.relativePath, data.context.routes);
      // The page gets the URL as served (under the base); the link check, the site path.
      if (resolved !== undefined) link.url = withBase(base, resolved);
      data.links.push({
        href: ownAnchor(written, data.context) ?? resolved ?? written,
        written,
        ...at,
        missingFile: resolved === undefined,
      });
    });
  };
}

/** The site URL a link written in `fromPath` points to, or undefined for a `.md` file that is no page. */
export function resolveHref(
  written: string,
  fromPath: string,
  routes: ReadonlyMap<string, string>,
): string | undefined {
  if (!isPageLink(written)) return written;
  const [pathPart, hash] = splitHash(written);
  const target = pathPart.startsWith('/')
    ? pathPart.replace(/^\/(docs\/)?/, '')
    : path.posix.normalize(path.posix.join(path.posix.dirname(fromPath), decodeURI(pathPart)));
  const route = routes.get(target);
  if (route === undefined) return undefined;
  return hash === undefined ? route : `${route}#${hash}`;
}

/**
 * For the link check, an anchor of the page itself (`#x`) as a link to the page's route
 * (`/docs/faq/#x`), which the check needs to know whose ids to look in; the page keeps `#x`.
 * Undefined for any other link, and for a text that is no page (a fragment of the OpenAPI description).
 */
function ownAnchor(written: string, context: MarkdownContext): string | undefined {
  if (!written.startsWith('#')) return undefined;
  const route = context.routes.get(context.relativePath);
  return route === undefined ? undefined : `${route}${written}`;
}

/** A link to a Markdown page (`./faq.md#x`), which is resolved to its route. */
function isPageLink(written: string): boolean {
  return /\.md$/.test(splitHash(written)[0]);
}

/** Whether every `%` starts an escape that decodes (decodeURI throws URIError on `50%.md`). */
function isWellEscaped(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

function splitHash(url: string): [string, string | undefined] {
  const index = url.indexOf('#');
  return index === -1 ? [url, undefined] : [url.slice(0, index), url.slice(index + 1)];
}
