import { searchLanguage } from '../../../search/buildSearchRecords.ts';
import type { LocalIndexManifest } from '../../../search/localIndex/indexFormat.ts';

/**
 * Which records pass a request's facet filters, one byte per record id (1 passes), as the hosted
 * service reads them: every entry must pass, an entry that is a list passes when one of its values
 * does, and `attribute:-value` negates. The local index knows two facets: `docusaurus_tag` (per
 * record, from the manifest's tag runs) and `language` (one for the whole site). Returns undefined
 * when there is nothing to filter.
 */
export function recordsPassing(
  manifest: LocalIndexManifest,
  filters: (string | string[])[] | undefined,
): Uint8Array | undefined {
  if (!filters || filters.length === 0) return undefined;
  const tagOf = recordTags(manifest);
  const passing = new Uint8Array(manifest.records).fill(1);
  for (const entry of filters) {
    const alternatives = (Array.isArray(entry) ? entry : [entry]).map((filter) => valueTest(manifest, filter));
    for (let id = 0; id < manifest.records; id++)
      if (passing[id] && !alternatives.some((test) => test(tagOf[id]))) passing[id] = 0;
  }
  return passing;
}

/** Each record's tag, as an index in `manifest.tags.names`. */
function recordTags(manifest: LocalIndexManifest): Uint16Array {
  const tags = new Uint16Array(manifest.records);
  const { runs } = manifest.tags;
  let id = 0;
  for (let i = 0; i < runs.length; i += 2) {
    tags.fill(runs[i], id, id + runs[i + 1]);
    id += runs[i + 1];
  }
  return tags;
}

/** One `attribute:value` filter, as a test of a record's tag index. */
function valueTest(manifest: LocalIndexManifest, filter: string): (tag: number) => boolean {
  const colon = filter.indexOf(':');
  if (colon < 1) throw new Error(`search: "${filter}" is not a facet filter (attribute:value)`);
  const attribute = filter.slice(0, colon);
  const negated = filter[colon + 1] === '-';
  const value = filter.slice(colon + (negated ? 2 : 1));
  let test: (tag: number) => boolean;
  if (attribute === 'docusaurus_tag') {
    const wanted = manifest.tags.names.indexOf(value);
    test = (tag) => tag === wanted;
  } else if (attribute === 'language') {
    const all = value === searchLanguage;
    test = () => all;
  } else {
    throw new Error(`search: the local index cannot filter by "${attribute}" (only language and docusaurus_tag)`);
  }
  return negated ? (tag) => !test(tag) : test;
}
