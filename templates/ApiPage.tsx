import { VersionBanner } from './VersionBanner.tsx';
import type { PageData } from '../src/model/pageData.ts';
import {
  apiSectionIds,
  baseUrlPlaceholder,
  headingsLifted,
  type ApiPageView,
  type ApiReferenceData,
  type ApiTag,
} from '../src/model/apiReference.ts';
import { fragmentHref } from '../src/model/apiAnchors.ts';
import { Layout } from './Layout.tsx';
import { ApiNavCategory } from './api/ApiNavCategory.tsx';
import { WebhookSection } from './api/WebhookSection.tsx';
import { OperationSection } from './api/OperationSection.tsx';
import { SchemaTree } from './api/SchemaTree.tsx';
import { useThemeComponents } from './themeComponents.tsx';
import { OAuthFlows } from './api/OAuthFlows.tsx';
import { ServerPicker } from './api/ServerPicker.tsx';
import { ReferenceHeading } from './api/ReferenceHeading.tsx';
import { RenderedApart } from './RenderedApart.tsx';

/**
 * /api/: the reference rendered at build time from the OpenAPI file, on one page; or, split (a
 * large API), one of its pages: the overview, a tag, the webhooks or the schemas.
 */
export function ApiPage({ page, api, view }: { page: PageData; api: ApiReferenceData; view: ApiPageView }) {
  const { kind } = view.page;
  const { PrevNextLinks } = useThemeComponents();
  const index = view.pages.findIndex((candidate) => candidate.route === view.page.route);
  const [previous, next] = [view.pages[index - 1], view.pages[index + 1]].map(
    (other) => other && { href: other.href, label: other.label },
  );
  const tag = api.tags.find((candidate) => candidate.name === view.page.tag);
  // A section's title: an h2 under the introduction's h1 on one page, the h1 of a split reference's page.
  const level = 2 - headingsLifted(kind);
  return (
    <Layout page={page} pageClass="page-api" hasSidebar>
      <div className="docs-wrapper">
        <aside className="docs-sidebar api-sidebar">
          {kind === 'whole' ? <WholeNavigation api={api} /> : <SplitNavigation api={api} view={view} />}
        </aside>
        <main id="__docsgen_content" className="docs-main api-main" tabIndex={-1}>
          <div className="api-content">
            {page.versionBanner && <VersionBanner banner={page.versionBanner} />}
            {(kind === 'whole' || kind === 'overview') && <Introduction api={api} />}
            {kind === 'overview' && <TagList view={view} />}
            {kind === 'whole' &&
              api.tags.map((each) => (
                <TagSection key={each.name} tag={each} apiHasSecurity={api.security.length > 0} level={level} />
              ))}
            {tag && <TagSection tag={tag} apiHasSecurity={api.security.length > 0} level={level} />}
            {(kind === 'whole' || kind === 'webhooks') && <Webhooks api={api} level={level} />}
            {(kind === 'whole' || kind === 'schemas') && <Schemas api={api} level={level} />}
            {kind !== 'whole' && <PrevNextLinks previous={previous} next={next} />}
          </div>
        </main>
      </div>
    </Layout>
  );
}

function WholeNavigation({ api }: { api: ApiReferenceData }) {
  return (
    <nav className="sidebar" aria-label="API reference">
      <ul className="menu__list">
        <li className="menu__item">
          <a className="menu__link" href={`#${apiSectionIds.introduction}`}>
            Introduction
          </a>
        </li>
        {api.security.length > 0 && (
          <li className="menu__item">
            <a className="menu__link" href={`#${apiSectionIds.authentication}`}>
              Authentication
            </a>
          </li>
        )}
        {api.tags.map((tag) => (
          <li key={tag.name} className="menu__item">
            <ApiNavCategory href={fragmentHref(tag.anchor)} label={tag.name} entries={tag.operations} />
          </li>
        ))}
        {api.webhooks.length > 0 && (
          <li className="menu__item">
            <ApiNavCategory href={`#${apiSectionIds.webhooks}`} label="Webhooks sent to you" entries={api.webhooks} />
          </li>
        )}
        <li className="menu__item">
          <a className="menu__link" href={`#${apiSectionIds.schemas}`}>
            Schemas
          </a>
        </li>
      </ul>
    </nav>
  );
}

/** A split reference's navigation: every page, the current one marked and its operations listed. */
function SplitNavigation({ api, view }: { api: ApiReferenceData; view: ApiPageView }) {
  const overview = view.pages[0].href;
  return (
    <nav className="sidebar" aria-label="API reference">
      <ul className="menu__list">
        <li className="menu__item">
          <a className="menu__link" href={`${overview}#${apiSectionIds.introduction}`}>
            Introduction
          </a>
        </li>
        {api.security.length > 0 && (
          <li className="menu__item">
            <a className="menu__link" href={`${overview}#${apiSectionIds.authentication}`}>
              Authentication
            </a>
          </li>
        )}
        {view.pages.slice(1).map((other) => {
          const current = other.route === view.page.route;
          const entries = !current
            ? []
            : other.kind === 'tag'
              ? (api.tags.find((tag) => tag.name === other.tag)?.operations ?? [])
              : other.kind === 'webhooks'
                ? api.webhooks
                : [];
          return (
            <li key={other.route} className="menu__item">
              <ApiNavCategory href={other.href} label={other.label} entries={entries} current={current} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Introduction({ api }: { api: ApiReferenceData }) {
  return (
    <>
      <header className="api-intro" id={apiSectionIds.introduction}>
        <h1>
          {api.title} <span className="badge">{api.version}</span>
        </h1>
        <div className="markdown" dangerouslySetInnerHTML={{ __html: api.descriptionHtml }} />
        <dl className="api-facts">
          <dt>{api.servers.length > 1 ? 'Servers' : 'Base URL'}</dt>
          <dd className="api-servers">
            {api.servers.map((server, index) => (
              <div key={index} className="api-server">
                <code>{server.url}</code>
                {server.description && <span> {server.description}</span>}
                {index === 0 && api.servers.length > 1 && <span> (the samples call this one)</span>}
                {server.variables.length > 0 && (
                  <ul className="api-server-variables">
                    {server.variables.map((variable) => (
                      <li key={variable.name}>
                        <code>{`{${variable.name}}`}</code>: <code>{variable.defaultValue}</code>
                        {index === 0 ? ' in the samples' : ' by default'}
                        {variable.values && (
                          <>
                            {' '}
                            (one of{' '}
                            {variable.values.map((value, at) => (
                              <span key={at}>
                                {at > 0 && ', '}
                                <code>{value}</code>
                              </span>
                            ))}
                            )
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
            <ServerPicker servers={api.servers} />
            {api.servers.length === 0 && (
              <>
                Not given by this description: the samples write <code>{baseUrlPlaceholder}</code> where your
                server&apos;s address goes.
              </>
            )}
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
      {api.security.length > 0 && (
        <section id={apiSectionIds.authentication} className="api-section">
          <h2>Authentication</h2>
          <dl className="api-security-schemes">
            {api.security.map((scheme) => (
              <div key={scheme.name}>
                <dt>
                  <code>{scheme.name}</code>: {scheme.summary}
                </dt>
                <dd>
                  {scheme.flows && <OAuthFlows flows={scheme.flows} />}
                  <div className="markdown" dangerouslySetInnerHTML={{ __html: scheme.descriptionHtml }} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}

/** The overview's list of the reference's other pages, with how many operations each tag holds. */
function TagList({ view }: { view: ApiPageView }) {
  return (
    <section className="api-section" aria-labelledby="api-pages-title">
      <h2 id="api-pages-title">Endpoints</h2>
      <ul className="api-pages">
        {view.pages.slice(1).map((other) => {
          // Every page of a split reference has its range: the overview itself holds none of the items.
          const [from, to] = other.range ?? [0, 0];
          const count = to - from;
          return (
            <li key={other.route}>
              <a href={other.href}>{other.label}</a> <span className="api-pages__count">({count})</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function TagSection({ tag, apiHasSecurity, level }: { tag: ApiTag; apiHasSecurity: boolean; level: number }) {
  return (
    <section id={tag.anchor} className="api-tag" aria-labelledby={tag.titleId}>
      <ReferenceHeading level={level} id={tag.titleId} className="api-tag__title">
        {tag.name}
      </ReferenceHeading>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: tag.descriptionHtml }} />
      {tag.operations.map((operation) => (
        <RenderedApart key={operation.id}>
          <OperationSection operation={operation} apiHasSecurity={apiHasSecurity} level={level + 1} />
        </RenderedApart>
      ))}
    </section>
  );
}

function Webhooks({ api, level }: { api: ApiReferenceData; level: number }) {
  if (api.webhooks.length === 0) return null;
  return (
    <section id={apiSectionIds.webhooks} className="api-section" aria-labelledby={apiSectionIds.webhooksTitle}>
      <ReferenceHeading level={level} id={apiSectionIds.webhooksTitle}>
        Webhooks sent to you
      </ReferenceHeading>
      {api.webhooks.map((webhook) => (
        <RenderedApart key={webhook.anchor}>
          <WebhookSection webhook={webhook} level={level + 1} />
        </RenderedApart>
      ))}
    </section>
  );
}

function Schemas({ api, level }: { api: ApiReferenceData; level: number }) {
  return (
    <section id={apiSectionIds.schemas} className="api-section">
      <ReferenceHeading level={level}>Schemas</ReferenceHeading>
      {api.schemas.map((schema) => (
        <RenderedApart key={schema.name}>
          <section id={schema.anchor} className="api-schema">
            <ReferenceHeading level={level + 1}>{schema.name}</ReferenceHeading>
            <SchemaTree node={schema.node} openDepth={0} />
          </section>
        </RenderedApart>
      ))}
    </section>
  );
}
