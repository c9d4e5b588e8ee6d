import { z } from 'zod';
import { isPlainSitePath, isSitePath, unsafeUrlMessage, unsafeUrlScheme } from './safeUrl.ts';

/** A URL the site links to gets the scheme check Markdown links get (no `javascript:`, `data:`…). */
const refuseUnsafeScheme = (value: string, context: z.RefinementCtx) => {
  const scheme = unsafeUrlScheme(value);
  if (scheme !== undefined) context.addIssue({ code: 'custom', message: unsafeUrlMessage(value, scheme) });
};

/** An absolute URL (zod's own check accepts `javascript:` too). */
const url = z.string().url().superRefine(refuseUnsafeScheme);
/** Where a link leads: a site path or an absolute URL. */
const href = z.string().min(1).superRefine(refuseUnsafeScheme);

/** A path on this site (`/docs/changelog/`), never one a browser reads as another host (`//evil.example/`). */
const sitePath = z.string().refine(isSitePath, 'must be a path on this site, starting with a single "/"');

/** Navbar items, Docusaurus-style: each `type` is one kind of item the theme can render. */
const navbarItem = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('docSidebar'),
    label: z.string().min(1),
    /** Folder under content/docs whose pages form the sidebar; '' means the whole docs tree. */
    sidebarId: z.string().default(''),
  }),
  z.strictObject({ type: z.literal('docsVersionDropdown') }),
  z.strictObject({
    type: z.literal('link'),
    label: z.string().min(1),
    href,
  }),
  z.strictObject({ type: z.literal('search') }),
]);

/** `.well-known`, `a/.b/`: relative, `/`-separated, no `.` or `..` segment, and naming a dot-file or dot-folder. */
function isPublicDotPath(entry: string): boolean {
  const segments = entry.replace(/\/$/, '').split('/');
  const plain = segments.every(
    (segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'),
  );
  return plain && segments.some((segment) => segment.startsWith('.'));
}

const footerLink = z.strictObject({ label: z.string().min(1), href });

/** Every key a docsgen config may have, its type and its default. */
export const configSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string(),
  url,
  baseUrl: z
    .string()
    .regex(/^\/(.*\/)?$/, 'must start and end with "/"')
    .refine(
      isPlainSitePath,
      'must be a path on this site, starting with a single "/", without "." or ".." segments or characters to escape',
    )
    .default('/'),
  product: z.strictObject({
    name: z.string().min(1),
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by "-"'),
  }),
  docs: z.strictObject({
    versionLabel: z.string().min(1),
    /** Site-relative path of the docs' changelog, offered in the version dropdown. */
    changelogPath: sitePath.optional(),
    /** Where a page's "Edit this page" link goes: this URL, then the page's file path in the project (Docusaurus's `editUrl`). */
    editUrl: url.optional(),
  }),
  navbar: z.strictObject({
    logo: z.strictObject({ alt: z.string(), src: z.string() }),
    items: z.array(navbarItem),
  }),
  footer: z.strictObject({
    links: z.array(footerLink),
    logo: z.strictObject({ alt: z.string(), src: z.string(), href }),
    copyright: z.string(),
  }),
  announcementBar: z
    .strictObject({
      id: z.string().min(1),
      content: z.string().min(1),
      href: href.optional(),
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .prefault({}),
  externalUrls: z.strictObject({
    help: url,
    repository: url,
    marketing: url,
    privacy: url,
    terms: url,
    cookies: url,
    app: url,
    api: url,
    mcp: url,
  }),
  /** The OpenAPI description rendered at /api/, relative to the project root. */
  openapi: z.string().min(1).default('openapi/openapi.yaml'),
  /**
   * Dot-files and dot-folders of `public/` to publish, as paths below it (`.well-known` for
   * `security.txt`), as Jekyll's `include`; any other in `public/` is an error.
   */
  publicDotfiles: z
    .array(
      z
        .string()
        .refine(isPublicDotPath, 'must be a path below public/ naming a dot-file or dot-folder, such as ".well-known"'),
    )
    .default([]),
  apiReference: z
    .strictObject({
      /**
       * Above this many operations the reference is split: an overview at /api/ and a page per tag.
       * At ~600 DOM nodes an operation (this site's reference), 80 keep a page under 50,000 nodes.
       */
      splitAbove: z.number().int().nonnegative().default(80),
    })
    .prefault({}),
  /** What a broken internal link or anchor does to the build (as Docusaurus's onBrokenLinks). */
  onBrokenLinks: z.enum(['error', 'warn', 'ignore']).default('error'),
  /** Extra `{{name}}` substitutions for content, beside the ones derived from the config. */
  variables: z.record(z.string(), z.string()).default({}),
  search: z
    .strictObject({
      /** Hits shown under each top-level group in the modal. */
      maxResultsPerGroup: z.number().int().positive().default(5),
      /** Filter results by language and docs version (Docusaurus's facet filters). */
      contextualSearch: z.boolean().default(true),
      /** Hit URLs matching this pattern open as external links instead of in place. */
      externalUrlRegex: z
        .string()
        .refine((source) => {
          try {
            return new RegExp(source) instanceof RegExp;
          } catch {
            return false;
          }
        }, 'must be a valid regular expression')
        .optional(),
      /** Where "Let us know." leads when a query finds nothing; `{query}` is replaced by the query. Default: an issue in the repository. */
      missingResultsUrl: href.optional(),
      /** The hosted service (Algolia DocSearch). Without it, search runs from a local index in dist/. */
      algolia: z
        .strictObject({
          appId: z.string().min(1),
          /** The search-only key: it ships to every reader. `docsgen search push` takes the admin key from the environment. */
          apiKey: z.string().min(1),
          indexName: z.string().min(1),
          /** Send click and view events to Algolia Insights (loads its script from a CDN). */
          insights: z.boolean().default(false),
          /** Hosts to query instead of the application's own (a proxy); tried in order. */
          hosts: z.array(url).min(1).optional(),
        })
        .optional(),
    })
    .prefault({}),
  attribution: z
    .strictObject({
      assetsHost: url,
      path: z.string().startsWith('/'),
      /** Cache-busting value sent as `cb`; today's date (YYYY-MM-DD) when absent. */
      cacheBust: z.string().optional(),
    })
    .optional(),
});

/** The config as a writer writes it (defaults optional). */
export type DocsgenConfigInput = z.input<typeof configSchema>;
/** The config with its defaults filled in, as every step reads it. */
export type DocsgenConfig = z.output<typeof configSchema>;
/** One item of the navbar, as configured. */
export type NavbarItem = DocsgenConfig['navbar']['items'][number];
