/**
 * A named schema's properties shown in place, on request, where a property links to it (Redoc's
 * "expand"): the reference writes each named schema once, at its own section, and links to it
 * where it is used (src/openapi/schemaNode.ts), so a reader would leave the operation to read a
 * nested object. Next to such a link this adds a button (the static HTML does not grow: without
 * JavaScript the link is all there is, and it works) that shows the schema's property list under
 * the property, taken from what is published: its section on this page, cloned, or on a split
 * reference the schema's own page, fetched once (with the pages navigation fetches: a page
 * prefetched is not fetched again) and parsed once. What it shows links to other
 * schemas alike, so a recursive schema opens one level at a time.
 */

import { loadPageHtml } from './navigation/pageCache.ts';
import { matchRoute } from './navigation/routeManifest.ts';

/** A link to a named schema's section, in a property's type (templates/api/SchemaTree.tsx). */
const schemaLinks = '.schema__type > a[href*="#schema/"]';
const expandClass = 'schema__expand';
const expansionClass = 'schema__expansion';

/** The pages read for their schemas' sections, parsed, by route (a split reference's schemas pages). */
const pages = new Map<string, Promise<Document>>();
let expansions = 0;

/** Adds a button to each link to a named schema under `root` whose type is that schema (or an array or nullable one). */
export function addSchemaExpanders(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>(schemaLinks)) {
    const type = link.parentElement!;
    if (type.nextElementSibling?.classList.contains(expandClass)) continue;
    const name = shownName(link);
    if (name === undefined) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = expandClass;
    button.setAttribute('aria-expanded', 'false');
    button.dataset.schema = name;
    const hidden = document.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.textContent = `${name}'s `;
    button.append(hidden, 'properties');
    type.after(button);
  }
}

/** Shows or hides a schema's properties when its button is pressed (delegated: pages navigation swaps in too). */
export function initSchemaExpand(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(`button.${expandClass}`);
    if (button) void toggle(button);
  });
}

/**
 * The schema's name as the link shows it, when the property's type is the schema itself: `Bundle`,
 * `array of Bundle`, `Bundle | null`; a named string or number links its type (`string`) and shows
 * its values in the row already.
 */
function shownName(link: HTMLAnchorElement): string | undefined {
  const anchor = anchorOf(link.getAttribute('href')!);
  const linked = anchor.slice('schema/'.length);
  const text = (link.textContent ?? '').trim();
  const name = text.replace(/^array of /, '').replace(/ \| null$/, '');
  // The anchor writes the name's whitespace as `-` (src/model/apiAnchors.ts).
  return name.trim().replace(/\s+/g, '-') === linked ? name : undefined;
}

function anchorOf(href: string): string {
  const hash = href.slice(href.indexOf('#') + 1);
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

async function toggle(button: HTMLButtonElement): Promise<void> {
  const shown = button.getAttribute('aria-expanded') === 'true';
  const controls = button.getAttribute('aria-controls');
  const panel = controls ? document.getElementById(controls) : null;
  if (panel) {
    panel.hidden = shown;
    button.setAttribute('aria-expanded', String(!shown));
    return;
  }
  if (button.getAttribute('aria-busy') === 'true') return;
  const link = button.previousElementSibling!.querySelector<HTMLAnchorElement>('a')!;
  const name = button.dataset.schema!;
  button.setAttribute('aria-busy', 'true');
  const content = await propertiesOf(link).catch(() => undefined);
  button.removeAttribute('aria-busy');
  const expansion = document.createElement('div');
  expansion.className = expansionClass;
  expansion.id = `schema-expansion-${++expansions}`;
  expansion.setAttribute('role', 'group');
  expansion.setAttribute('aria-label', `${name}'s properties`);
  if (content) expansion.append(...content);
  else {
    const failed = document.createElement('p');
    failed.className = 'schema__meta';
    const follow = document.createElement('a');
    follow.href = link.href;
    follow.textContent = name;
    failed.append(`The properties could not be loaded here: see `, follow, '.');
    expansion.append(failed);
  }
  addSchemaExpanders(expansion);
  // Under the property's row and its details, inside the property.
  const property = button.closest('li') ?? button.parentElement!;
  property.append(expansion);
  button.setAttribute('aria-controls', expansion.id);
  button.setAttribute('aria-expanded', 'true');
}

/**
 * A copy of what the schema's section lists: its variants and properties (or, a schema without
 * properties, its summary), with no ids (the section keeps its own), no buttons or expansions
 * copied from it, and its links made to work from this page.
 */
async function propertiesOf(link: HTMLAnchorElement): Promise<Element[] | undefined> {
  const url = new URL(link.href, location.href);
  const id = anchorOf(url.hash);
  const here = url.pathname === location.pathname && url.search === location.search;
  // The route navigation reads the page by (without the manifest, the link's path).
  const route = here ? undefined : ((await matchRoute(url.pathname).catch(() => undefined)) ?? url.pathname);
  const page = route === undefined ? document : await parsedPage(route);
  const tree = page.getElementById(id)?.querySelector(':scope > .schema, :scope > .schema__root');
  if (!tree) return undefined;
  const parts = tree.classList.contains('schema')
    ? [...tree.children].filter((child) => !child.classList.contains('schema__root'))
    : [tree];
  return parts.map((part) => {
    const copy = document.importNode(part, true);
    for (const added of copy.querySelectorAll(`.${expandClass}, .${expansionClass}`)) added.remove();
    for (const element of copy.querySelectorAll('[id]')) element.removeAttribute('id');
    if (!here) {
      for (const anchor of copy.querySelectorAll<HTMLAnchorElement>('a[href]'))
        anchor.setAttribute('href', sameSiteHref(anchor.getAttribute('href')!, url));
      for (const image of copy.querySelectorAll<HTMLImageElement>('img[src]'))
        image.setAttribute('src', sameSiteHref(image.getAttribute('src')!, url));
    }
    return copy;
  });
}

/** A link of the page at `from` as written on this page (`#schema/Label` becomes `/api/schemas/2/#schema/Label`). */
function sameSiteHref(href: string, from: URL): string {
  const target = new URL(href, from);
  return target.origin === location.origin ? `${target.pathname}${target.search}${target.hash}` : target.href;
}

function parsedPage(route: string): Promise<Document> {
  let page = pages.get(route);
  if (!page) {
    page = loadPageHtml(route).then((html) => new DOMParser().parseFromString(html, 'text/html'));
    pages.set(route, page);
    // A page that could not be read is asked for again on the next press.
    page.catch(() => pages.delete(route));
  }
  return page;
}
