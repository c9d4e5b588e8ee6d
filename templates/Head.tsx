import type { AssetsData, HeadData, SiteData } from '../src/model/pageData.ts';
import { anchorPagesId } from '../src/client/apiAnchorPages.ts';

/** `<head>`: title as "Page | Site", description, canonical, Open Graph, styles and scripts. */
export function Head({ head, site, assets }: { head: HeadData; site: SiteData; assets: AssetsData }) {
  const fullTitle = head.title === site.title ? site.title : `${head.title} | ${site.title}`;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta httpEquiv="Content-Security-Policy" content={assets.contentSecurityPolicy} />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{fullTitle}</title>
      <meta name="description" content={head.description} />
      {head.noindex && <meta name="robots" content="noindex, follow" />}
      <link rel="canonical" href={head.canonical} />
      {head.searchTag && <meta name="docsearch:docusaurus_tag" content={head.searchTag} />}
      {head.alternates?.map((alternate) => (
        <link key={alternate.href} rel="alternate" type={alternate.type} href={alternate.href} />
      ))}
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={head.canonical} />
      <meta property="og:type" content={head.ogType} />
      <meta property="og:site_name" content={site.title} />
      <meta name="twitter:card" content="summary" />
      <meta name="theme-color" content={assets.themeColor} />
      {assets.favicon && <link rel="icon" href={assets.favicon.href} type={assets.favicon.type} />}
      {head.anchorPages && (
        <script type="application/json" id={anchorPagesId} dangerouslySetInnerHTML={{ __html: head.anchorPages }} />
      )}
      <script dangerouslySetInnerHTML={{ __html: assets.headSnippet }} />
      <link rel="stylesheet" href={assets.css} />
      {assets.themeStyle && <style dangerouslySetInnerHTML={{ __html: assets.themeStyle }} />}
      {assets.customCss && <link rel="stylesheet" href={assets.customCss} />}
      <script type="module" src={assets.runtime} />
    </head>
  );
}
