import type { Element, ElementContent, Root } from 'hast';
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { LRUCache } from 'lru-cache';
import {
  headingsLifted,
  type ApiOperation,
  type ApiReferenceData,
  type ApiWebhook,
  type ReferencePage,
  type SchemaNode,
} from '../model/apiReference.ts';
import { createRecordWalker, textOf } from './recordWalker.ts';
import type { DocsgenConfig } from '../config/schema.ts';
import type { PageRecord, SearchRecord } from '../model/searchRecord.ts';
import { siteRecordsOf, type RecordPage } from './buildSearchRecords.ts';

type Walker = ReturnType<typeof createRecordWalker>;

/**
 * `/api/`'s records, straight from the reference model, in the order the page shows it: the
 * introduction, then each section (Authentication, each tag, the webhooks, Schemas) as lvl1
 * with its operations and schemas as lvl2. An operation gives its endpoint and operationId,
 * description, parameters (path, query, header) and responses; a schema its description and
 * top-level properties. A description's headings count at the level they have on one page (a
 * split reference's page lifts them: headingsLifted). Only the model's HTML fragments (rendered descriptions) are parsed;
 * nothing is read from the theme's markup (a test crawls the built page and finds the same).
 */
export function apiRecords(
  api: ApiReferenceData,
  page: Pick<ReferencePage, 'kind' | 'tag'> = { kind: 'whole' },
): PageRecord[] {
  const walker = createRecordWalker();
  const whole = page.kind === 'whole';
  const lifted = headingsLifted(page.kind);
  if (whole || page.kind === 'overview') {
    walker.heading(1, `${api.title} ${api.version}`, null);
    walker.walk(fragment(api.descriptionHtml));
    if (api.security.length > 0) {
      walker.heading(1, 'Authentication', 'authentication');
      for (const scheme of api.security) {
        walker.content(`${scheme.name}: ${scheme.summary}`);
        walker.walk(fragment(scheme.descriptionHtml));
      }
    }
  }
  for (const tag of api.tags.filter((candidate) => whole || candidate.name === page.tag)) {
    walker.heading(1, tag.name, tag.anchor);
    walker.walk(fragment(tag.descriptionHtml), lifted);
    for (const operation of tag.operations) operationRecords(walker, operation, lifted);
  }
  if (api.webhooks.length > 0 && (whole || page.kind === 'webhooks')) {
    walker.heading(1, 'Webhooks sent to you', 'webhooks');
    for (const webhook of api.webhooks) operationRecords(walker, webhook, lifted);
  }
  if (whole || page.kind === 'schemas') {
    walker.heading(1, 'Schemas', 'schemas');
    for (const schema of api.schemas) {
      walker.heading(2, schema.name, schema.anchor);
      schemaRecords(walker, schema.node, lifted);
    }
  }
  return walker.records;
}

function operationRecords(walker: Walker, operation: ApiOperation | ApiWebhook, lifted: number): void {
  walker.heading(2, normalised(operation.summary), operation.anchor);
  // The operationId is how the guides name an operation: `GET /bundles/ · listBundles`.
  const endpoint = `${operation.method} ${'path' in operation ? operation.path : operation.name}`;
  const operationId = operation.anchor.replace(/^(?:operation|webhook)\//, '');
  walker.content([normalised(endpoint), operationId].filter(Boolean).join(' · '));
  walker.walk(fragment(operation.descriptionHtml), 1 + lifted);
  for (const location of ['path', 'query', 'header'] as const) {
    for (const parameter of operation.parameters.filter((candidate) => candidate.location === location)) {
      walker.content(nameAndDescription(parameter.name, parameter.descriptionHtml));
    }
  }
  for (const response of operation.responses) {
    // Status and summary read as separate words, as the page's `<summary>` shows them.
    walker.content(
      textOnce(`summary\n${response.status}\n${response.summaryHtml}`, () =>
        textOf(
          element('summary', [
            element('span', [{ type: 'text', value: response.status }]),
            element('span', fragment(response.summaryHtml).children as ElementContent[]),
          ]),
          { nested: true, separated: true },
        ),
      ),
    );
  }
}

function schemaRecords(walker: Walker, node: SchemaNode, lifted: number): void {
  if (node.descriptionHtml)
    walker.walk(element('div', fragment(node.descriptionHtml).children as ElementContent[]), 1 + lifted);
  for (const child of node.children) walker.content(nameAndDescription(child.name ?? '', child.descriptionHtml));
}

/** `name: description`, the description's nested blocks included. */
function nameAndDescription(name: string, descriptionHtml: string | undefined): string {
  const shownName = normalised(name);
  if (!shownName) return '';
  if (!descriptionHtml) return shownName;
  const description = textOnce(`description\n${descriptionHtml}`, () =>
    textOf(element('div', fragment(descriptionHtml).children as ElementContent[]), { nested: true }),
  );
  return `${shownName}: ${description}`;
}

// Responses, parameters and properties repeat their descriptions (Stripe's 936 responses have 2;
// `expand` is on 443 of its 468 operations): the text of each is read from its HTML once a thread.
const texts = new LRUCache<string, string>({ max: 5_000 });
function textOnce(key: string, read: () => string): string {
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = read()));
  return text;
}

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

function element(tagName: string, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties: {}, children };
}

function fragment(html: string): Root {
  return fromParse5(parseFragment(html)) as Root;
}

/**
 * The records of a page of the reference (`/api/`, or one page of a split reference) from the
 * reference model (the searchable parts laid out as the page lays them out): the same as reading
 * its final HTML, without parsing the 1 MB page.
 */
export function apiPageSearchRecords(
  reference: ApiReferenceData,
  page: Pick<ReferencePage, 'kind' | 'tag'>,
  recordPage: RecordPage,
  config: DocsgenConfig,
): SearchRecord[] {
  return siteRecordsOf(recordPage, apiRecords(reference, page), config);
}
