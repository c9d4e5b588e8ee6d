import type { DocData, PageData } from '../src/model/pageData.ts';
import { Layout } from './Layout.tsx';
import { DocSidebar } from './DocSidebar.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { TableOfContents } from './TableOfContents.tsx';
import { PrevNextLinks } from './PrevNextLinks.tsx';
import { CopyPageButton } from './CopyPageButton.tsx';
import { VersionBanner } from './VersionBanner.tsx';

/** A docs page: sidebar, breadcrumbs, the rendered Markdown, prev/next, and the TOC. */
export function DocPage({ page, doc }: { page: PageData; doc: DocData }) {
  const showToc = !doc.hideTableOfContents && doc.toc.length > 0;
  const markdownTwin = page.head.alternates?.find((alternate) => alternate.type === 'text/markdown');
  return (
    <Layout page={page} pageClass="page-doc" hasSidebar>
      <div className="docs-wrapper">
        <aside className="docs-sidebar">
          <DocSidebar items={page.site.sidebar} />
        </aside>
        <main id="__docsgen_content" className="docs-main" tabIndex={-1}>
          <div className={`docs-container${showToc ? ' docs-container--toc' : ''}`}>
            <div className="docs-content">
              <article>
                {page.versionBanner && <VersionBanner banner={page.versionBanner} />}
                <Breadcrumbs items={doc.breadcrumbs} homeHref={page.site.homeHref} />
                {showToc && (
                  <details className="toc-mobile">
                    <summary>On this page</summary>
                    <TableOfContents items={doc.toc} className="toc--mobile" />
                  </details>
                )}
                {markdownTwin && <CopyPageButton href={markdownTwin.href} />}
                <div className="markdown">
                  {!doc.hasOwnH1 && <h1>{doc.title}</h1>}
                  <div dangerouslySetInnerHTML={{ __html: doc.html }} />
                </div>
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
