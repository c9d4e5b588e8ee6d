/** Where a moved page's old path leads: `href` as the page links it, `canonical` as an absolute URL. */
export interface RedirectPageProps {
  from: string;
  href: string;
  canonical: string;
  siteTitle: string;
}

/**
 * The page written at a moved page's old path: a browser goes on at once (meta refresh), a
 * crawler learns the new address (canonical, noindex), and anyone else has a link. Bare, like the
 * pages Docusaurus's client-redirects and Astro write: nothing of the theme to load on the way.
 */
export function RedirectPage({ from, href, canonical, siteTitle }: RedirectPageProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`Moved: ${from} | ${siteTitle}`}</title>
        <meta name="robots" content="noindex" />
        <meta httpEquiv="refresh" content={`0; url=${href}`} />
        <link rel="canonical" href={canonical} />
      </head>
      <body>
        <p>
          This page has moved to <a href={href}>{href}</a>.
        </p>
      </body>
    </html>
  );
}
