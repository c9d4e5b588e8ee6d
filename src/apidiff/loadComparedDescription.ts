import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import { loadOpenApi } from '../openapi/loadOpenApi.ts';
import { locatedError, type OpenApiModel } from '../openapi/openApiModel.ts';

/**
 * One side of `docsgen api diff`, as named on the command line: today the root file of a
 * description (single- or multi-file), from the project root. This is where a version's label
 * will name its snapshot's description once versions exist.
 */
export async function loadComparedDescription(root: string, argument: string): Promise<OpenApiModel> {
  const api = await loadOpenApi(path.resolve(root, argument));
  const written = api.document.openapi;
  if (written === undefined) {
    const swagger = api.document.swagger !== undefined;
    throw swagger
      ? locatedError(api, '', '/swagger', 'Swagger 2.0 descriptions are not compared: convert it to OpenAPI 3.0 or 3.1')
      : new DocsgenError('not an OpenAPI description: it has no `openapi:` version at its top level', {
          file: api.file,
          line: 1,
          column: 1,
        });
  }
  if (!/^3\.[01]\./.test(String(written)))
    throw locatedError(
      api,
      '',
      '/openapi',
      `OpenAPI ${String(written)} is not compared: docsgen compares OpenAPI 3.0 and 3.1`,
    );
  // The diff library walks the structure as OpenAPI defines it: a malformed one would stop it with a stack trace.
  const { validateOpenApi } = await import('../openapi/validateOpenApi.ts');
  await validateOpenApi(api);
  return api;
}
