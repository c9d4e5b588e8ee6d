import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SearchSettings } from '../src/search/searchSettings.ts';
import { createIndexReader } from '../src/client/search/local/indexReader.ts';
import { searchLocalIndex } from '../src/client/search/local/searchLocalIndex.ts';
import { readSearchRequest, serializeSearchParams } from '../src/client/search/searchParams.ts';
import { answeredPages, type AnsweredPage } from './searchRelevance.ts';

/** The local engine over a built site's index, read from disk: each query's answered pages (the modal's 20 hits). */
export async function localAnswers(distDir: string, queries: string[]): Promise<AnsweredPage[][]> {
  const settings = JSON.parse(await readFile(path.join(distDir, 'search/settings.json'), 'utf8')) as SearchSettings;
  if (settings.backend.kind !== 'local') throw new Error('this build searches a hosted index');
  const dir = path.join(distDir, settings.backend.index.base.replace(/^\//, ''));
  const reader = createIndexReader(settings.backend.index, {
    json: async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')),
    bytes: async (name, range) => {
      const file = new Uint8Array(await readFile(path.join(dir, name)));
      return range ? file.subarray(range.offset, range.offset + range.length) : file;
    },
  });
  const answers: AnsweredPage[][] = [];
  for (const query of queries) {
    const result = await searchLocalIndex(
      reader,
      readSearchRequest({ indexName: 'local', query, params: serializeSearchParams({ hitsPerPage: 20 }) }),
    );
    answers.push(answeredPages(result.hits.map((hit) => hit.url)));
  }
  return answers;
}
