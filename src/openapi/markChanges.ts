import type { ApiChange, VersionChanges } from '../model/apiChanges.ts';
import type {
  ApiBody,
  ApiOperation,
  ApiReferenceData,
  ApiWebhook,
  ChangeMark,
  SchemaNode,
} from '../model/apiReference.ts';

/** Rules of a thing that the newer version added: its mark says "New in", not "Changed in". */
const addedRules = new Set([
  'endpoint-added',
  'webhook-added',
  'new-required-request-parameter',
  'new-optional-request-parameter',
  'new-required-request-property',
  'new-optional-request-property',
  'response-required-property-added',
  'response-optional-property-added',
]);
const isEnumValueAdded = (rule: string) => rule.endsWith('-enum-value-added');

/**
 * The reference of a version with what changed since the version before marked on it: each
 * operation and webhook that is new or changed, and inside it the parameter, property (in the
 * operation and in its named schema's own section) and enum value the change is about. What was
 * removed is not in this reference: its operation (and the property that held it) is marked
 * changed. Without changes (the oldest version, or a site of one) the reference is returned as is.
 */
export function markChanges(reference: ApiReferenceData, changes: VersionChanges | undefined): ApiReferenceData {
  if (!changes || changes.set.changes.length === 0) return reference;
  const marked = structuredClone(reference);
  const operations = new Map<string, ApiOperation>(
    marked.tags.flatMap((tag) => tag.operations.map((operation) => [operation.id, operation] as const)),
  );
  const webhooks = new Map<string, ApiWebhook>(marked.webhooks.map((webhook) => [webhook.name, webhook]));
  const schemas = new Map(marked.schemas.map((schema) => [schema.name, schema.node]));
  const label = changes.version.label;
  for (const change of changes.set.changes) {
    const { subject } = change;
    const endpoint =
      subject.kind === 'operation'
        ? operations.get(subject.id)
        : subject.kind === 'webhook'
          ? webhooks.get(subject.name)
          : undefined;
    if (endpoint) markEndpoint(endpoint, change, label);
    if (change.schema) {
      const root = schemas.get(change.schema.name);
      if (root) markNode(root, change.schema.property, change, label);
    }
  }
  return marked;
}

/** Marks an operation or webhook, and the part of it the change is about. */
function markEndpoint(endpoint: ApiOperation | ApiWebhook, change: ApiChange, label: string) {
  const { target } = change;
  if (target.kind === 'operation') {
    endpoint.mark = mark(endpoint.mark, addedRules.has(change.rule) ? 'new' : 'changed', label);
    return;
  }
  endpoint.mark = mark(endpoint.mark, 'changed', label);
  if (target.kind === 'parameter') {
    const parameter = endpoint.parameters.find((each) => each.name === target.name && each.location === target.in);
    if (!parameter) return;
    const property = target.property ?? [];
    if (property.length > 0 || isEnumValueAdded(change.rule)) markNode(parameter.schema, property, change, label);
    const added = property.length === 0 && addedRules.has(change.rule);
    parameter.mark = mark(parameter.mark, added ? 'new' : 'changed', label);
    return;
  }
  const bodies: ApiBody[] =
    target.kind === 'request-body'
      ? endpoint.requestBodies
      : target.kind === 'response'
        ? (endpoint.responses.find((response) => response.status === target.status)?.bodies ?? [])
        : [];
  const property = 'property' in target ? target.property : undefined;
  if (!property?.length && !isEnumValueAdded(change.rule)) return;
  const mediaType = 'mediaType' in target ? target.mediaType : undefined;
  for (const body of bodies.filter((each) => mediaType === undefined || each.contentType === mediaType))
    markNode(body.schema, property ?? [], change, label);
}

/**
 * Marks the node at `property` below `root` (`[]` an array's items, whose properties the array's
 * node holds): new, changed, or an enum value new. A removed property marks the one that held it.
 */
function markNode(root: SchemaNode, property: string[], change: ApiChange, label: string) {
  const removed = change.shownIn === 'old';
  const path = removed ? property.slice(0, -1) : property;
  const node = nodeAt(root, path);
  if (!node) return;
  if (!removed && isEnumValueAdded(change.rule) && change.value !== undefined) {
    node.enumMarks = { ...node.enumMarks, [change.value]: { kind: 'new', label } };
  }
  // The root is the body (or the schema's section) itself: its operation or schema heading says it changed.
  if (node !== root) node.mark = mark(node.mark, !removed && addedRules.has(change.rule) ? 'new' : 'changed', label);
}

function nodeAt(root: SchemaNode, property: string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = root;
  for (const key of property) {
    if (key === '[]') continue;
    if (key === '*' || node.variants) return undefined;
    node = node.children.find((child) => child.name === key);
    if (!node) return undefined;
  }
  return node;
}

/** A mark, where "New in" stays: what a version added cannot also have changed in it. */
const mark = (current: ChangeMark | undefined, kind: ChangeMark['kind'], label: string): ChangeMark =>
  current?.kind === 'new' ? current : { kind, label };
