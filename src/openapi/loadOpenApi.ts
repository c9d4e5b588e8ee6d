import { readFile } from 'node:fs/promises';
import { parseDocument, LineCounter } from 'yaml';
import { DocsgenError } from '../errors.ts';

export type OpenApiDocument = Record<string, any>;

export interface LoadedOpenApi {
  file: string;
  source: string;
  document: OpenApiDocument;
  /** Finds the line and column of a JSON pointer in the YAML source, for error messages. */
  locate(pointer: string): { line: number; column: number } | undefined;
}

/** Parses the OpenAPI YAML, keeping positions so later errors can point into the file. */
export async function loadOpenApi(file: string): Promise<LoadedOpenApi> {
  const source = await readFile(file, 'utf8').catch((error: Error) => {
    throw new DocsgenError(`cannot read the OpenAPI file: ${error.message}`, { file });
  });
  const lineCounter = new LineCounter();
  const yaml = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problem = yaml.errors[0];
  if (problem) {
    const position = lineCounter.linePos(problem.pos[0]);
    throw new DocsgenError(
      `OpenAPI file does not parse: ${problem.message.split('\n')[0]}`,
      { file, line: position.line, column: position.col },
      source.split('\n')[position.line - 1],
    );
  }
  const document = yaml.toJS({ maxAliasCount: 1000 }) as OpenApiDocument;
  return {
    file,
    source,
    document,
    locate(pointer) {
      const keys = pointer.replace(/^#?\//, '').split('/').filter(Boolean).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
      let node: any = yaml.getIn(keys, true);
      for (let depth = keys.length; !node?.range && depth > 0; depth--) node = yaml.getIn(keys.slice(0, depth - 1), true);
      if (!node?.range) return undefined;
      const position = lineCounter.linePos(node.range[0]);
      return { line: position.line, column: position.col };
    },
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
