/**
 * The reference's anchors, made from operationIds, tags and schema names as the description writes
 * them (`#operation/createBundle`, the links other sites keep). An id may hold anything but
 * whitespace, which becomes `-`; a link to it writes `#`, `%` and what else a URL fragment may not
 * hold as %XX, and the browser decodes it back (Box's operationIds hold `#`).
 */
const idPart = (name: string) => name.trim().replace(/\s+/g, '-') || '-';

/** The id the reference gives an operation: its operationId, or `method-path` where it has none. */
export const operationIdOf = (operationId: unknown, method: string, path: string) =>
  String(operationId ?? `${method}-${path}`);
/** The anchor of an operation's section. */
export const operationAnchor = (operationId: string) => `operation/${idPart(operationId)}`;
/** The anchor of a schema's section. */
export const schemaAnchor = (name: string) => `schema/${idPart(name)}`;
/** The anchor of a tag's section. */
export const tagAnchor = (name: string) => `tag/${idPart(name)}`;
/** The anchor of a webhook's section. */
export const webhookAnchor = (name: string) => `webhook/${idPart(name)}`;
/** The id of a section's title, which the section is labelled by. */
export const titleIdOf = (anchor: string) => `${anchor}-title`;

const sectionAnchor = /^(?:operation|schema|tag|webhook)\//;

/**
 * The anchors of the reference's sections among a page's ids: not their titles' ids, nor the ids
 * made inside a section, which are named below its anchor (`operation/createBundle/tabs-0-tab-1`;
 * an operationId may hold `/` itself: GitHub's `repos/get`).
 */
export function sectionAnchorsIn(ids: ReadonlySet<string>): string[] {
  return [...ids].filter((id) => {
    if (!sectionAnchor.test(id) || (id.endsWith('-title') && ids.has(id.slice(0, -'-title'.length)))) return false;
    for (let slash = id.indexOf('/', id.indexOf('/') + 1); slash >= 0; slash = id.indexOf('/', slash + 1))
      if (ids.has(id.slice(0, slash))) return false;
    return true;
  });
}

/** `#` and the anchor as a link writes it. */
export const fragmentHref = (anchor: string) =>
  `#${anchor.replace(/[^\w\-.~!$&'()*+,;=:@/?]/g, (character) => encodeURIComponent(character))}`;
