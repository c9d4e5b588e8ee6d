import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { select } from 'hast-util-select';
import { createRecordWalker, textOf } from '../../../src/search/recordWalker.ts';
import './rehypeDocRecords.ts';

type Walker = ReturnType<typeof createRecordWalker>;

const hasClass = (node: Element, name: string) =>
  ((node.properties.className as string[] | undefined) ?? []).includes(name);
const idOf = (node: Element) => (node.properties.id as string | undefined) ?? null;

/** Child elements matching a tag name or class (the page is large: direct walks, not selector queries). */
function childrenOf(node: Element, match: string): Element[] {
  return node.children.filter(
    (child): child is Element => child.type === 'element' && (child.tagName === match || hasClass(child, match)),
  );
}

/** Every descendant matching a class, in document order. */
function descendantsOf(node: Element, className: string): Element[] {
  const found: Element[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (hasClass(child, className)) found.push(child);
    else found.push(...descendantsOf(child, className));
  }
  return found;
}

/**
 * Reads the API reference page into records: the introduction, then each section (Authentication,
 * each tag, Schemas) as lvl1 with its operations and schemas as lvl2. An operation gives its
 * endpoint and operationId, description, parameters and responses; a schema its description and top-level
 * properties. Anchors are the page's stable `tag/…`, `operation/…`, `webhook/…` and `schema/…` section ids.
 */
export function rehypeApiRecords() {
  return (tree: Root, file: VFile) => {
    dropHeadingAnchors(tree);
    const walker = createRecordWalker();
    const content = select('.api-content', tree);
    for (const part of content ? childrenOf(content, 'header').concat(childrenOf(content, 'section')) : []) {
      const [title] = childrenOf(part, part.tagName === 'header' ? 'h1' : 'h2');
      if (!title) continue;
      walker.heading(1, textOf(title, { separated: true }), part.tagName === 'header' ? null : idOf(part));
      for (const description of childrenOf(part, 'markdown')) walker.walk(description);
      // The Authentication section's schemes: each one's name and how it is sent, then its description.
      for (const schemes of childrenOf(part, 'api-security-schemes')) walker.walk(schemes);
      for (const operation of childrenOf(part, 'api-operation')) operationRecords(walker, operation);
      for (const schema of childrenOf(part, 'api-schema')) schemaRecords(walker, schema);
    }
    file.data.searchRecords = walker.records;
  };
}

function operationRecords(walker: Walker, operation: Element): void {
  const [main] = childrenOf(operation, 'api-operation__main');
  const [title] = main ? childrenOf(main, 'h3') : [];
  if (!title) return;
  walker.heading(2, textOf(title), idOf(operation));
  // The operationId is how the guides name an operation: `GET /bundles/ · listBundles`.
  const operationId = idOf(operation)?.replace(/^(?:operation|webhook)\//, '');
  for (const endpoint of childrenOf(main, 'api-endpoint'))
    walker.content([textOf(endpoint, { separated: true }), operationId].filter(Boolean).join(' · '));
  for (const description of childrenOf(main, 'markdown')) walker.walk(description, 1);
  for (const table of descendantsOf(main, 'api-params')) {
    for (const row of table.children.flatMap((body) => (body.type === 'element' ? childrenOf(body, 'tr') : [])))
      walker.content(parameterText(row));
  }
  for (const response of descendantsOf(main, 'api-response')) {
    const summary = response.children.flatMap((child) =>
      child.type === 'element' ? childrenOf(child, 'summary') : [],
    )[0];
    if (summary) walker.content(textOf(summary, { nested: true, separated: true }));
  }
}

/** The theme's `#` links beside operation and schema titles link to the title; they are not its text. */
function dropHeadingAnchors(node: Root | Element): void {
  node.children = node.children.filter((child) => !(child.type === 'element' && hasClass(child, 'hash-link')));
  for (const child of node.children) if (child.type === 'element') dropHeadingAnchors(child);
}

/** `name: description` of a parameter row. */
function parameterText(row: Element): string {
  const [name] = childrenOf(row, 'th').flatMap((cell) => childrenOf(cell, 'code'));
  const [description] = childrenOf(row, 'td').flatMap((cell) => childrenOf(cell, 'div'));
  if (!name) return '';
  return description ? `${textOf(name)}: ${textOf(description, { nested: true })}` : textOf(name);
}

function schemaRecords(walker: Walker, schema: Element): void {
  const [title] = childrenOf(schema, 'h3');
  if (!title) return;
  walker.heading(2, textOf(title), idOf(schema));
  const [tree] = childrenOf(schema, 'schema');
  const [root] = childrenOf(tree ?? schema, 'schema__root');
  const [details] = root ? childrenOf(root, 'schema__details') : [];
  for (const description of details ? childrenOf(details, 'schema__description') : []) walker.walk(description, 1);
  const [properties] = tree ? childrenOf(tree, 'schema__properties') : [];
  for (const property of properties ? childrenOf(properties, 'schema__property') : [])
    walker.content(propertyText(property));
}

/** `name: description` of a schema property, its nested properties left out. */
function propertyText(property: Element): string {
  const own = [property, ...childrenOf(property, 'details')];
  const [name] = own
    .flatMap((node) => childrenOf(node, 'schema__head').concat(childrenOf(node, 'summary')))
    .flatMap((head) => childrenOf(head, 'schema__name'));
  const [description] = own
    .flatMap((node) => childrenOf(node, 'schema__details'))
    .flatMap((details) => childrenOf(details, 'schema__description'));
  if (!name) return '';
  return description ? `${textOf(name)}: ${textOf(description, { nested: true })}` : textOf(name);
}
