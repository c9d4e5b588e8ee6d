import { bundle, createConfig } from '@redocly/openapi-core';
import { ContainedResolver } from './containedResolver.ts';
import type { OpenApiDocument, OpenApiModel } from './openApiModel.ts';

/**
 * The description as one document, for the downloads and the Postman converter: a single file as
 * it is; the files of a multi-file description joined by Redocly's bundler (what `redocly bundle`
 * writes), which reads only the files already loaded.
 */
export async function bundleOpenApi(api: OpenApiModel): Promise<OpenApiDocument> {
  if (api.files.length === 1) return api.document;
  const config = await createConfig({});
  const result = await bundle({ ref: api.file, config, externalRefResolver: new ContainedResolver(api) });
  return result.bundle.parsed as OpenApiDocument;
}
