import { readFile } from 'node:fs/promises';
import jsYaml from 'js-yaml';
import { DocsgenError } from '../errors.ts';
import { assertAliasesBounded } from '../yaml/boundAliases.ts';
import { yamlLocator } from '../yaml/locateYamlPath.ts';

export type OpenApiDocument = Record<string, any>;

export interface LoadedOpenApi {
  file: string;
  source: string;
  document: OpenApiDocument;
  /** Finds the line and column of a JSON pointer in the YAML source, for error messages. */
  locate(pointer: string): { line: number; column: number } | undefined;
}

/**
 * Parses the OpenAPI YAML with js-yaml (ten times faster than a parse that keeps positions);
 * positions are worked out with `yaml`'s syntax tree only when an error needs one. Its aliases
 * are bounded here, before Redocly or anything else walks the document.
 */
export async function loadOpenApi(file: string): Promise<LoadedOpenApi> {
  const source = await readFile(file, 'utf8').catch((error: Error) => {
    throw new DocsgenError(`cannot read the OpenAPI file: ${error.message}`, { file });
  });
  return parseOpenApi(file, source);
}

/** Parses an OpenAPI description already read (the site reads it once). */
export function parseOpenApi(file: string, source: string): LoadedOpenApi {
  let document: OpenApiDocument;
  try {
    document = jsYaml.load(source, { filename: file }) as OpenApiDocument;
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const line = (mark?.line ?? 0) + 1;
    throw new DocsgenError(
      `OpenAPI file does not parse: ${(error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0]}`,
      { file, line, column: (mark?.column ?? 0) + 1 },
      source.split('\n')[line - 1],
    );
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new DocsgenError('OpenAPI file does not hold a mapping at its top level', { file, line: 1, column: 1 });
  }
  assertAliasesBounded(document, source, file);
  const locatePath = yamlLocator(source);
  return {
    file,
    source,
    document,
    locate: (pointer) => locatePath(pointer.replace(/^#?\//, '').split('/').filter(Boolean).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))),
  };
}

/** Resolves a local `$ref` (`#/components/schemas/Bundle`); a broken one is an error with its pointer. */
export function resolveRef(api: LoadedOpenApi, ref: string, from: string): any {
  if (!ref.startsWith('#/')) {
    throw new DocsgenError(`only local $refs are supported, found ${ref} at ${from}`, { file: api.file, ...api.locate(from) });
  }
  let node: any = api.document;
  for (const key of ref.slice(2).split('/')) {
    node = node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) {
    throw new DocsgenError(`broken $ref ${ref} at ${from}`, { file: api.file, ...api.locate(from) }, ref);
  }
  return node;
}
