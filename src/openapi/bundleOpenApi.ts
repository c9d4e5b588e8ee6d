import path from 'node:path';
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
 * the Postman collection sent `{"$ref": …}` as request bodies. Such a `$ref` written in the root
 * file is read from its folder (`./x.json` as `x.json`); one written in another file reaches
 * Redocly with its file's absolute path (containedResolver.ts), named here from the root file's
 * folder again. One that leads nowhere is left as written, or from another file named from the
 * root file's folder (never by an absolute path).
 */
function withFilesInlined(bundled: OpenApiDocument, api: OpenApiModel): OpenApiDocument {
  const folder = path.dirname(api.file);
  walkNodes(bundled, ({ node, key, up }) => {
    const holder = node as { $ref?: unknown };
    if (typeof holder.$ref !== 'string' || holder.$ref.startsWith('#') || !up || key === undefined) return;
    const hash = holder.$ref.indexOf('#');
    const file = hash === -1 ? holder.$ref : holder.$ref.slice(0, hash);
    const fromFolder = path.relative(folder, path.resolve(folder, file)).split(path.sep).join('/');
    const ref = `${fromFolder}${hash === -1 ? '' : holder.$ref.slice(hash)}`;
    const target = refTarget(api, ref);
    if (target !== undefined) (up.node as Record<string | number, unknown>)[key] = structuredClone(target);
    else if (path.isAbsolute(file)) holder.$ref = ref;
  });
  return bundled;
}
