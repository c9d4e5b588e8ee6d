import jsYaml from 'js-yaml';
import { hashOf } from '../cache/renderCache.ts';
import type { OpenApiModel } from './openApiModel.ts';
import { postmanCollection } from './postmanCollection.ts';

/**
 * The description as one file in each format, for its downloads: the UTF-8 bytes they are written
 * as. Made in the description's thread (descriptionFilesAhead.ts), they come to the thread that
 * writes them as bytes handed over, not copied: sent as text (GitHub's 38 MB), that thread copied
 * the text out of the message and encoded it again to write it.
 */
export interface Downloads {
  yaml: Uint8Array;
  json: Uint8Array;
}

/** The files made from a description: its two downloads and its Postman collection. */
export type DescribedFile = 'yaml' | 'json' | 'postman';

/**
 * The render cache the files made from a description are kept in, each as the bytes it is
 * written as, apart from their digest (src/write/routeCache.ts), and a file's key there: what it
 * is and the description's signature. Kept inside JSON, a warm build of GitHub's decoded 38 MB of
 * escaped text and hashed it again to find the files unchanged; kept with their digest, it still
 * read and checked those bytes only to link the files from the last build's output.
 */
export const describedFiles = {
  name: 'api-files',
  key: (api: OpenApiModel, kind: DescribedFile) => hashOf('api-file', kind, api.signature),
};

/** The description in YAML and in JSON, whichever its files are written in (a YAML file is given as written). */
export async function descriptionDownloads(api: OpenApiModel): Promise<Downloads> {
  const { bundleOpenApi } = await import('./bundleOpenApi.ts');
  const document = await bundleOpenApi(api);
  const asWritten = api.files.length === 1 && /\.ya?ml$/i.test(api.file);
  return {
    yaml: Buffer.from(asWritten ? api.files[0].source : jsYaml.dump(document, { noRefs: true, lineWidth: -1 })),
    json: Buffer.from(`${JSON.stringify(document, null, 2)}\n`),
  };
}

/** The Postman collection built from the description, as the file it is published as (its UTF-8 bytes, as the downloads). */
export function postmanCollectionFile(api: OpenApiModel): Uint8Array {
  return Buffer.from(`${JSON.stringify(postmanCollection(api, api.file), null, 2)}\n`);
}
