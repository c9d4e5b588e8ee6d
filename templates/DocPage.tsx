import type { DocData, PageData } from '../src/model/pageData.ts';
import { Layout } from './Layout.tsx';
import { DocSidebar } from './DocSidebar.tsx';
import { TableOfContents } from './TableOfContents.tsx';
import { CopyPageButton } from './CopyPageButton.tsx';
import { VersionBanner } from './VersionBanner.tsx';
import { ApiChangelog } from './ApiChangelog.tsx';
import { useThemeComponents } from './themeComponents.tsx';

/** A docs page: sidebar, breadcrumbs, the rendered Markdown, prev/next, and the TOC. */
export function DocPage({ page, doc }: { page: PageData; doc: DocData }) {
  const { Breadcrumbs, DocFooter, PrevNextLinks } = useThemeComponents();
  const showToc = !doc.hideTableOfContents && doc.toc.length > 0;
  // The changelog's generated section goes above the writers' prose, below a heading of their own.
  const [heading, prose] = doc.changelog && doc.hasOwnH1 ? splitAfterH1(doc.html) : ['', doc.html];
  const markdownTwin = page.head.alternates?.find((alternate) => alternate.type === 'text/markdown');
  return (
    <Layout page={page} pageClass="page-doc" hasSidebar>
      <div className="docs-wrapper">
        <aside className="docs-sidebar">
          <DocSidebar items={page.site.sidebar} sections={page.site.sidebarSections} />
        </aside>
        <main id="__docsgen_content" className="docs-main" tabIndex={-1}>
          <div className={`docs-container${showToc ? ' docs-container--toc' : ''}`}>
            <div className="docs-content">
              <article>
                {page.versionBanner && <VersionBanner banner={page.versionBanner} />}
                {/* As Mintlify does: the page's actions share the breadcrumbs' row, the title has the column's width. */}
                <div className="doc-header">
                  <Breadcrumbs items={doc.breadcrumbs} homeHref={page.site.homeHref} />
                  {markdownTwin && <CopyPageButton href={markdownTwin.href} />}
                </div>
                {/* Narrow screens' TOC: its list is the one beside the page, copied in when first opened (src/client/mobileToc.ts). */}
                {showToc && (
                  <details className="toc-mobile">
                    <summary>On this page</summary>
                  </details>
                )}
                <div className="markdown">
                  {!doc.hasOwnH1 && <h1>{doc.title}</h1>}
                  {heading && <div dangerouslySetInnerHTML={{ __html: heading }} />}
                  {doc.changelog && doc.changelog.length > 0 && <ApiChangelog versions={doc.changelog} />}
                  <div dangerouslySetInnerHTML={{ __html: prose }} />
                </div>
                <DocFooter editUrl={doc.editUrl} lastUpdated={doc.lastUpdated} />
              </article>
              <PrevNextLinks previous={doc.previous} next={doc.next} />
            </div>
            {showToc && (
              <div className="docs-toc">
                <nav aria-label="On this page">
                  <p className="docs-toc__title">On this page</p>
                  <TableOfContents items={doc.toc} className="toc--desktop" />
                </nav>
              </div>
            )}
          </div>
        </main>
      </div>
    </Layout>
  );
}

/** The HTML up to and including its first h1, and the rest. */
function splitAfterH1(html: string): [string, string] {
  const end = html.indexOf('</h1>');
  return end === -1 ? ['', html] : [html.slice(0, end + 5), html.slice(end + 5)];
}
