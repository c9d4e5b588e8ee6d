import type { PageData } from '../src/model/pageData.ts';
import { apiSectionIds, type ApiReferenceData } from '../src/model/apiReference.ts';
import { Layout } from './Layout.tsx';
import { ApiNavCategory } from './api/ApiNavCategory.tsx';
import { WebhookSection } from './api/WebhookSection.tsx';
import { OperationSection } from './api/OperationSection.tsx';
import { SchemaTree } from './api/SchemaTree.tsx';

/** /api/: the whole reference on one page, rendered at build time from the OpenAPI file. */
export function ApiPage({ page, api }: { page: PageData; api: ApiReferenceData }) {
  return (
    <Layout page={page} pageClass="page-api" hasSidebar>
      <div className="docs-wrapper">
        <aside className="docs-sidebar api-sidebar">
          <nav className="sidebar" aria-label="API reference">
            <ul className="menu__list">
              <li className="menu__item">
                <a className="menu__link" href={`#${apiSectionIds.introduction}`}>Introduction</a>
              </li>
              <li className="menu__item">
                <a className="menu__link" href={`#${apiSectionIds.authentication}`}>Authentication</a>
              </li>
              {api.tags.map((tag) => (
                <li key={tag.name} className="menu__item">
                  <ApiNavCategory href={`#${tag.anchor}`} label={tag.name} entries={tag.operations} />
                </li>
              ))}
              {api.webhooks.length > 0 && (
                <li className="menu__item">
                  <ApiNavCategory href={`#${apiSectionIds.webhooks}`} label="Webhooks sent to you" entries={api.webhooks} />
                </li>
              )}
              <li className="menu__item">
                <a className="menu__link" href={`#${apiSectionIds.schemas}`}>Schemas</a>
              </li>
            </ul>
          </nav>
        </aside>
        <main id="__docsgen_content" className="docs-main api-main" tabIndex={-1}>
          <div className="api-content">
            <header className="api-intro" id={apiSectionIds.introduction}>
              <h1>
                {api.title} <span className="badge">{api.version}</span>
              </h1>
              <div className="markdown" dangerouslySetInnerHTML={{ __html: api.descriptionHtml }} />
              <dl className="api-facts">
                <dt>Base URL</dt>
                <dd>
                  {api.servers.map((server) => (
                    <code key={server}>{server}</code>
                  ))}
                </dd>
                <dt>Downloads</dt>
                <dd className="api-downloads">
                  {api.downloads.map((download) => (
                    <a key={download.href} className="button button--secondary button--sm" href={download.href} download>
                      {download.label}
                    </a>
                  ))}
                </dd>
              </dl>
            </header>
            <section id={apiSectionIds.authentication} className="api-section">
              <h2>Authentication</h2>
              {api.security.map((scheme) => (
                <div key={scheme.name} className="markdown" dangerouslySetInnerHTML={{ __html: scheme.descriptionHtml }} />
              ))}
            </section>
            {api.tags.map((tag) => (
              <section key={tag.name} id={tag.anchor} className="api-tag" aria-labelledby={tag.titleId}>
                <h2 id={tag.titleId} className="api-tag__title">
                  {tag.name}
                </h2>
                <div className="markdown" dangerouslySetInnerHTML={{ __html: tag.descriptionHtml }} />
                {tag.operations.map((operation) => (
                  <OperationSection key={operation.id} operation={operation} />
                ))}
              </section>
            ))}
            {api.webhooks.length > 0 && (
              <section id={apiSectionIds.webhooks} className="api-section" aria-labelledby={apiSectionIds.webhooksTitle}>
                <h2 id={apiSectionIds.webhooksTitle}>Webhooks sent to you</h2>
                {api.webhooks.map((webhook) => (
                  <WebhookSection key={webhook.anchor} webhook={webhook} />
                ))}
              </section>
            )}
            <section id={apiSectionIds.schemas} className="api-section">
              <h2>Schemas</h2>
              {api.schemas.map((schema) => (
                <section key={schema.name} id={schema.anchor} className="api-schema">
                  <h3>{schema.name}</h3>
                  <SchemaTree node={schema.node} openDepth={0} />
                </section>
              ))}
            </section>
          </div>
        </main>
      </div>
    </Layout>
  );
}
