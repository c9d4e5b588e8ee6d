import { fileURLToPath } from 'node:url';
import {
  bundle,
  createConfig,
  type Oas3_1Definition,
  type Oas3_1Schema,
  type Oas3Operation,
  type Oas3Parameter,
  type Referenced,
} from '@redocly/openapi-core';

export const specPath = fileURLToPath(new URL('../../openapi/esignature-api.yaml', import.meta.url));

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;

export type HttpMethod = (typeof httpMethods)[number];

export interface SpecOperation {
  operationId: string;
  method: HttpMethod;
  path: string;
  /** Path-item and operation parameters together, the operation's own winning on a clash. */
  parameters: Oas3Parameter<Oas3_1Schema>[];
  operation: Oas3Operation<Oas3_1Schema>;
}

/** The OpenAPI file with every $ref replaced by its target. */
export async function loadSpec(): Promise<Oas3_1Definition> {
  const config = await createConfig({});
  const { bundle: document } = await bundle({ ref: specPath, config, dereference: true });
  return document.parsed as Oas3_1Definition;
}

/** Narrows a node of the dereferenced spec; a $ref left behind means the file is broken. */
export function resolved<T extends object>(node: Referenced<T>): T {
  if ('$ref' in node) throw new Error(`Unresolved $ref ${node.$ref} in ${specPath}`);
  return node;
}

export function listOperations(spec: Oas3_1Definition): SpecOperation[] {
  return Object.entries(spec.paths ?? {}).flatMap(([path, pathItemNode]) => {
    const pathItem = resolved(pathItemNode);
    return httpMethods.flatMap((method) => {
      const operation = pathItem[method];
      if (!operation) return [];
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const ownParameters = (operation.parameters ?? []).map(resolved);
      const inherited = (pathItem.parameters ?? [])
        .map(resolved)
        .filter((shared) => !ownParameters.some((own) => own.name === shared.name && own.in === shared.in));
      return [
        { operationId: operation.operationId, method, path, parameters: [...inherited, ...ownParameters], operation },
      ];
    });
  });
}
