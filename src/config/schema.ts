import { z } from 'zod';
import { defaultSampleLanguages, sampleLanguageNames } from '../model/sampleLanguageNames.ts';
import { themeComponentNames, type ThemeComponentName } from '../model/themeComponentNames.ts';
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

/** An https origin (`https://images.example.com`), as a CSP source names it: no path, query or fragment. */
const httpsOrigin = z
  .string()
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.protocol === 'https:' && parsed.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an https origin such as https://images.example.com (no path)')
  .transform((value) => new URL(value).origin);

/** A path on this site (`/docs/changelog/`), never one a browser reads as another host (`//evil.example/`). */
const sitePath = z.string().refine(isSitePath, 'must be a path on this site, starting with a single "/"');

/** A colour as `#rgb` or `#rrggbb`: written into the page's style, so nothing else is accepted. */
const hexColor = z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'must be a colour written #rgb or #rrggbb');
/** A CSS font-family list (`Inter, system-ui, sans-serif`): names, quotes, commas and spaces only. */
const fontFamily = z
  .string()
  .regex(/^[\w\s,'"-]+$/, 'must be a CSS font-family list: font names, quoted or not, separated by commas');

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
  /** The API reference's page (the site needs an `openapi` description). */
  z.strictObject({ type: z.literal('apiReference'), label: z.string().min(1).default('API reference') }),
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
/** An image of the site (`/img/logo.svg`, under `public/`) and its text for screen readers. */
const logo = z.strictObject({ alt: z.string(), src: z.string().min(1) });

/** A `.tsx` file of the project for each theme component it replaces, by the component's name. */
const componentFiles = z.strictObject(
  Object.fromEntries(themeComponentNames.map((name) => [name, z.string().min(1).optional()])) as Record<
    ThemeComponentName,
    z.ZodOptional<z.ZodString>
  >,
);

/** `Widget Docs` → `widget-docs`: lowercase letters and digits, words joined by "-". */
export const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'docs';

/** Every key a docsgen config may have, its type and its default. */
/**
 * The config: `title` and `url` are all a site needs; every other key has a default (`docs/` as
 * the sidebar, no API reference, no announcement, an empty footer).
 */
export const configSchema = z
  .strictObject({
    title: z.string().min(1),
    tagline: z.string().default(''),
    url,
    baseUrl: z
      .string()
      .regex(/^\/(.*\/)?$/, 'must start and end with "/"')
      .refine(
        isPlainSitePath,
        'must be a path on this site, starting with a single "/", without "." or ".." segments or characters to escape',
      )
      .default('/'),
    /** What the docs are about: `{{product}}` and `{{productSlug}}` in content. Default: the title, and its slug. */
    product: z
      .strictObject({
        name: z.string().min(1).optional(),
        slug: z
          .string()
          .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words joined by "-"')
          .optional(),
      })
      .prefault({}),
    docs: z
      .strictObject({
        /** The version the docs describe, shown by a `docsVersionDropdown` navbar item and as `{{versionLabel}}`. */
        versionLabel: z.string().min(1).optional(),
        /** Site-relative path of the docs' changelog, offered in the version dropdown. */
        changelogPath: sitePath.optional(),
        /** Where a page's "Edit this page" link goes: this URL, then the page's file path in the project (Docusaurus's `editUrl`). */
        editUrl: url.optional(),
      })
      .prefault({}),
    navbar: z
      .strictObject({
        logo: logo.optional(),
        /** Default: the docs, the API reference when there is one, search. */
        items: z.array(navbarItem).optional(),
      })
      .prefault({}),
    footer: z
      .strictObject({
        links: z.array(footerLink).default([]),
        logo: logo.extend({ href }).optional(),
        copyright: z.string().optional(),
      })
      .prefault({}),
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
    /** The OpenAPI description rendered at /api/, relative to the project root. Without it the site has no API reference. */
    openapi: z.string().min(1).optional(),
    /**
     * Dot-files and dot-folders of `public/` to publish, as paths below it (`.well-known` for
     * `security.txt`), as Jekyll's `include`; any other in `public/` is an error.
     */
    publicDotfiles: z
      .array(
        z
          .string()
          .refine(
            isPublicDotPath,
            'must be a path below public/ naming a dot-file or dot-folder, such as ".well-known"',
          ),
      )
      .default([]),
    apiReference: z
      .strictObject({
        /**
         * Above this many operations the reference is split: an overview at /api/ and a page per tag.
         * At ~600 DOM nodes an operation (this site's reference), 80 keep a page under 50,000 nodes.
         */
        splitAbove: z.number().int().nonnegative().default(80),
        /**
         * Above about this many HTML elements on one page (elementsOf, referenceOutline.ts) the
         * reference is split too, whatever its operations: Dropbox Sign's 73 make ~139,000
         * (120,624 built), this site's 43 ~43,000 (22,698 built), which stays one page.
         */
        splitAboveElements: z.number().int().nonnegative().default(60_000),
        /** The languages of the generated request samples, in tab order (generated by Scalar's snippetz). */
        sampleLanguages: z.array(z.enum(sampleLanguageNames)).min(1).default(defaultSampleLanguages),
        /**
         * Origins whose images the API description may show (the CSP's img-src allows them). An
         * image in a description from any other origin is shown as a link to it, with a warning.
         */
        imageHosts: z.array(httpsOrigin).default([]),
      })
      .prefault({}),
    /**
     * Where the site is deployed: the build warns, with the figures, when the output crosses the
     * host's limits (files, total size, size of one file). `host` names a host's published limits;
     * the numbers set or override them.
     */
    deploy: z
      .strictObject({
        host: z.enum(['cloudflare-pages', 'cloudflare-pages-paid', 'github-pages']).optional(),
        maxFiles: z.number().int().positive().optional(),
        maxBytes: z.number().int().positive().optional(),
        maxFileBytes: z.number().int().positive().optional(),
      })
      .prefault({}),
    /**
     * Pages that moved: each old path (a site path, as a link names it) gets a page that sends
     * readers and crawlers on to the new one (src/pages/redirectSource.ts), as Astro's `redirects`.
     */
    redirects: z
      .record(
        z
          .string()
          .refine(
            isPlainSitePath,
            'must be a path on this site, starting with a single "/", without "#", "?", "." or ".." segments',
          ),
        sitePath,
      )
      .default({}),
    /**
     * A Markdown twin of every docs page at `<route>index.md`: what "Copy page as Markdown" and
     * "View as Markdown" give and what llms.txt lists. Off, no twin is written (a file a page
     * fewer) and llms.txt lists the pages themselves. Unset: on up to `markdownTwinsUpToPages`
     * docs pages, off above (src/llms/markdownTwinsOn.ts; the build says so and how to turn them on).
     */
    markdownTwins: z.boolean().optional(),
    /**
     * The most docs pages (all versions) that get twins when `markdownTwins` is unset: twins
     * double a site's files, and at 5,000 pages a site with them holds about half of the 20,000
     * files Cloudflare Pages' free plan accepts.
     */
    markdownTwinsUpToPages: z.number().int().nonnegative().default(5000),
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
        /** Where "Let us know." leads when a query finds nothing; `{query}` is replaced by the query. Default: no such link. */
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
    /** The theme, without forking it: brand colours, fonts, favicon and a stylesheet of the project's own. */
    theme: z
      .strictObject({
        /** Links, buttons and the active item (and the browser's theme-color); its shades are mixed from it. */
        primaryColor: hexColor.optional(),
        /** The same in dark mode (default: the theme's own light blue, readable on the dark background). */
        primaryColorDark: hexColor.optional(),
        /** The text's font-family list (default: the system's). */
        font: fontFamily.optional(),
        /** Code's font-family list (default: the system's monospace). */
        monoFont: fontFamily.optional(),
        /** The site's icon, a file under `public/` by its site path (`/img/favicon.svg`). Default: none. */
        favicon: sitePath.optional(),
        /** A CSS file of the project, loaded after the theme's own styles on every page (`@font-face`, overrides). */
        customCss: z.string().min(1).optional(),
      })
      .prefault({}),
    /**
     * Theme components replaced by the project's own (as Starlight's component overrides): a
     * `.tsx` file relative to the project for each, exporting a component that takes the theme's
     * props (`FooterProps`… from 'docsgen'). Only the names of src/model/themeComponentNames.ts.
     */
    components: componentFiles.prefault({}),
    attribution: z
      .strictObject({
        assetsHost: url,
        path: z.string().startsWith('/'),
        /** Cache-busting value sent as `cb`; today's date (YYYY-MM-DD) when absent. */
        cacheBust: z.string().optional(),
      })
      .optional(),
  })
  .transform(({ product, navbar, ...config }) => {
    const name = product.name ?? config.title;
    return {
      ...config,
      product: { name, slug: product.slug ?? slugOf(name) },
      navbar: { ...navbar, items: navbar.items ?? defaultNavbarItems(config.openapi !== undefined) },
    };
  });

/** The navbar's items when the config names none: the docs, the API reference when there is one, search. */
function defaultNavbarItems(hasApi: boolean): z.output<typeof navbarItem>[] {
  return [
    { type: 'docSidebar', label: 'Docs', sidebarId: '' },
    ...(hasApi ? [{ type: 'apiReference' as const, label: 'API reference' }] : []),
    { type: 'search' },
  ];
}

/** The config as a writer writes it (defaults optional). */
export type DocsgenConfigInput = z.input<typeof configSchema>;
export type DocsgenConfig = z.output<typeof configSchema>;
export type NavbarItem = DocsgenConfig['navbar']['items'][number];
