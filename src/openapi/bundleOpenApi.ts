import { refTarget, type OpenApiDocument, type OpenApiModel } from './openApiModel.ts';
import { walkNodes } from './walkNodes.ts';

/**
 * The description as one document, for the downloads and the Postman converter: a single file as
 * it is; the files of a multi-file description joined by Redocly's bundler (what `redocly bundle`
 * writes), which reads only the files already loaded. Redocly is loaded only then: the thread that
 * converts a single file to Postman spent 0.13 s of CPU importing it for nothing.
 */
export async function bundleOpenApi(api: OpenApiModel): Promise<OpenApiDocument> {
  if (api.files.length === 1) return api.document;
  const [{ bundle, createConfig }, { ContainedResolver }] = await Promise.all([
    import('@redocly/openapi-core'),
    import('./containedResolver.ts'),
  ]);
  const config = await createConfig({});
  const result = await bundle({ ref: api.file, config, externalRefResolver: new ContainedResolver(api) });
  return withFilesInlined(result.bundle.parsed as OpenApiDocument, api);
}

/**
 * The bundle with each `$ref` to another file that Redocly's bundler left as written replaced by
 * what it points at: it leaves those inside an example's value (Dropbox Sign's 130 `value: {$ref:
 * examples/json/….json}`), so the downloaded description named files that are not published, and
 * the Postman collection sent `{"$ref": …}` as request bodies. Such a `$ref` is read from the root
 * file's folder, as those written in the root file are; one that leads nowhere from there is left.
 */
function withFilesInlined(bundled: OpenApiDocument, api: OpenApiModel): OpenApiDocument {
  walkNodes(bundled, ({ node, key, up }) => {
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string' || ref.startsWith('#') || !up || key === undefined) return;
    const target = refTarget(api, ref);
    if (target !== undefined) (up.node as Record<string | number, unknown>)[key] = structuredClone(target);
  });
  return bundled;
}
