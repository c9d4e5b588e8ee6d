import type { ElementContent, Root } from 'hast';
import { h } from 'hastscript';
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import type { ApiOperation, ApiReferenceData, ApiWebhook, SchemaNode } from '../model/apiReference.ts';

/**
 * The part of `/api/` that search reads, built from the reference model as the page's template
 * lays it out (templates/ApiPage.tsx, templates/api/): the sections, headings, endpoints,
 * descriptions, parameter rows, response summaries and top-level schema properties, without
 * the samples and the schema trees around them. rehypeApiRecords reads it as it reads the built
 * page (a test checks they give the same records), and only the description fragments are
 * parsed, not the 1 MB page.
 */
export function apiSearchTree(api: ApiReferenceData): Root {
  return {
    type: 'root',
    children: [
      h('div.api-content', [
        h('header.api-intro', { id: 'introduction' }, [h('h1', [`${api.title} `, h('span.badge', api.version)]), markdown(api.descriptionHtml)]),
        h('section.api-section', { id: 'authentication' }, [h('h2', 'Authentication'), ...api.security.map((scheme) => markdown(scheme.descriptionHtml))]),
        ...api.tags.map((tag) =>
          h('section.api-tag', { id: tag.anchor }, [h('h2.api-tag__title', tag.name), markdown(tag.descriptionHtml), ...tag.operations.map(operationTree)]),
        ),
        ...(api.webhooks.length > 0 ? [h('section.api-section', { id: 'webhooks' }, [h('h2', 'Webhooks sent to you'), ...api.webhooks.map(operationTree)])] : []),
        h('section.api-section', { id: 'schemas' }, [
          h('h2', 'Schemas'),
          ...api.schemas.map((schema) => h('section.api-schema', { id: schema.anchor }, [h('h3', schema.name), schemaTree(schema.node)])),
        ]),
      ]),
    ],
  };
}

/** An operation, or a webhook laid out as one (templates/api/WebhookSection.tsx), its endpoint being the event type. */
function operationTree(operation: ApiOperation | ApiWebhook) {
  const locations = ['path', 'query', 'header'] as const;
  return h('section.api-operation', { id: operation.anchor }, [
    h('div.api-operation__main', [
      h('h3.api-operation__title', operation.summary),
      h('p.api-endpoint', [h('span.api-method', operation.method), h('code.api-endpoint__path', 'path' in operation ? operation.path : operation.name)]),
      markdown(operation.descriptionHtml),
      ...locations
        .map((location) => operation.parameters.filter((parameter) => parameter.location === location))
        .filter((parameters) => parameters.length > 0)
        .map((parameters) =>
          h('table.api-params', [
            h(
              'tbody',
              parameters.map((parameter) => h('tr', [h('th', [h('code', parameter.name)]), h('td', parameter.descriptionHtml ? [h('div', fragment(parameter.descriptionHtml))] : [])])),
            ),
          ]),
        ),
      h(
        'ul.api-responses',
        operation.responses.map((response) =>
          h('li.api-response', [h('details', [h('summary', [h('span.api-status', response.status), h('span.api-response__description', fragment(response.summaryHtml))])])]),
        ),
      ),
    ]),
  ]);
}

/** A schema section's description and its top-level properties, each with its description. */
function schemaTree(node: SchemaNode) {
  const details = (of: SchemaNode) => h('div.schema__details', of.descriptionHtml ? [h('div.schema__description', fragment(of.descriptionHtml))] : []);
  const root = h('div.schema__root', [details(node)]);
  if (node.children.length === 0) return root;
  return h('div.schema', [
    root,
    h(
      'ul.schema__properties',
      node.children.map((child) => h('li.schema__property', [h('div.schema__head', [h('code.schema__name', child.name ?? '')]), details(child)])),
    ),
  ]);
}

function markdown(html: string) {
  return h('div.markdown', fragment(html));
}

function fragment(html: string): ElementContent[] {
  return (fromParse5(parseFragment(html)) as Root).children as ElementContent[];
}
