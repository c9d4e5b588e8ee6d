import { compareOpenApi, type Diff } from 'api-smart-diff';
import type { ApiChange, ApiChangeSet } from '../model/apiChanges.ts';
import { bundleOpenApi } from '../openapi/bundleOpenApi.ts';
import { methods, type OpenApiModel } from '../openapi/openApiModel.ts';
import { compareRules } from './compareRules.ts';
import { readChanges } from './readChange.ts';

/**
 * What changed from one OpenAPI description to another, each change classified breaking or not.
 * api-smart-diff compares the two (every `$ref` followed, cycles included, `allOf` merged,
 * parameters matched by name and place, security requirements by what they accept); docsgen reads
 * its diffs as changes to operations, webhooks and the API's security, names each by the oasdiff
 * check it falls under, and classifies it by that check (changeRules.ts). `labels` name the two
 * sides in the result: the files as given, or the versions compared.
 */
export async function diffOpenApi(
  old: OpenApiModel,
  next: OpenApiModel,
  labels: { old: string; new: string },
): Promise<ApiChangeSet> {
  // The library follows `$ref`s inside one document only: a multi-file description is bundled first.
  const [before, after] = await Promise.all([bundleOpenApi(old), bundleOpenApi(next)]);
  const version = [before, after].some((document) => String(document.openapi).startsWith('3.1')) ? '3.1.x' : '3.0.x';
  const compared = { old, new: next };
  const changes = orderChanges(
    compareQuietly(before, after, version).flatMap((diff) => readChanges(diff, compared)),
    compared,
  );
  const breaking = changes.filter((change) => change.classification === 'breaking').length;
  return { old: labels.old, new: labels.new, breaking, nonBreaking: changes.length - breaking, changes };
}

/**
 * The library's diffs. Where one of its classifiers throws, it prints a line and leaves the diff
 * unclassified (GitHub's description has four): the line is dropped here, since docsgen classifies
 * such diffs by its own rule or calls them unclassified. The comparison is synchronous, so nothing
 * else prints meanwhile.
 */
function compareQuietly(before: unknown, after: unknown, version: '3.0.x' | '3.1.x'): Diff[] {
  const print = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Classification Rule error')) print(...args);
  };
  try {
    // No annotation hook: docsgen writes its own sentences, and the library's cost a tenth of its time.
    return compareOpenApi(before, after, { rules: compareRules(version), annotateHook: () => '' }).diffs;
  } finally {
    console.error = print;
  }
}

/**
 * Operations in the order the new description writes them (a removed one where the old wrote it),
 * then webhooks, then API-wide changes; an endpoint's changes in the library's order.
 */
function orderChanges(changes: ApiChange[], compared: { old: OpenApiModel; new: OpenApiModel }): ApiChange[] {
  const positions = new Map<string, number>();
  for (const api of [compared.new, compared.old]) {
    for (const scope of ['paths', 'webhooks', 'x-webhooks']) {
      for (const [index, name] of Object.keys(api.document[scope] ?? {}).entries()) {
        for (const [rank, method] of methods.entries()) {
          const key = `${scope === 'paths' ? 'operation' : 'webhook'} ${method.toUpperCase()} ${name}`;
          if (!positions.has(key)) positions.set(key, index * methods.length + rank);
        }
      }
    }
  }
  const rank = ({ subject }: ApiChange) =>
    subject.kind === 'api'
      ? [2, 0]
      : [
          subject.kind === 'operation' ? 0 : 1,
          positions.get(
            `${subject.kind} ${subject.method} ${subject.kind === 'operation' ? subject.path : subject.name}`,
          ) ?? Infinity,
        ];
  return changes
    .map((change, index) => ({ change, index, rank: rank(change) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.index - b.index)
    .map(({ change }) => change);
}
