import jsYaml from 'js-yaml';
import { hashOf } from '../cache/renderCache.ts';
import type { OpenApiModel } from './openApiModel.ts';
import { postmanCollection } from './postmanCollection.ts';

/** The description as one file in each format, for its downloads. */
export interface Downloads {
  yaml: string;
  json: string;
}

/** The render cache each file made from a description is kept in, and its key there: the description's signature. */
export const downloadsEntry = {
  name: 'api-downloads',
  key: (api: OpenApiModel) => hashOf('api-downloads', api.signature),
};
export const postmanEntry = { name: 'postman', key: (api: OpenApiModel) => hashOf('postman', api.signature) };

/** The description in YAML and in JSON, whichever its files are written in (a YAML file is given as written). */
export async function descriptionDownloads(api: OpenApiModel): Promise<Downloads> {
  const { bundleOpenApi } = await import('./bundleOpenApi.ts');
  const document = await bundleOpenApi(api);
  const asWritten = api.files.length === 1 && /\.ya?ml$/i.test(api.file);
  return {
    yaml: asWritten ? api.files[0].source : jsYaml.dump(document, { noRefs: true, lineWidth: -1 }),
    json: `${JSON.stringify(document, null, 2)}\n`,
  };
}

/** The Postman collection built from the description, as the file it is published as. */
export function postmanCollectionText(api: OpenApiModel): string {
  return `${JSON.stringify(postmanCollection(api, api.file), null, 2)}\n`;
}
