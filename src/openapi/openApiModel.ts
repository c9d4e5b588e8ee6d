import path from 'node:path';
import { hashOf } from '../cache/renderCache.ts';
import { DocsgenError, lineOf } from '../errors.ts';
import { yamlLocator } from '../yaml/locateYamlPath.ts';

export type OpenApiDocument = Record<string, any>;

/** The HTTP methods a path item may hold, in the order the reference lists them. */
export const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** One file of a description, as read. */
export interface OpenApiFile {
  file: string;
  source: string;
  /** `hashOf` of its bytes (of `source` when they are UTF-8), worked out once: the signature, the parsed description's cache key and its check read it (GitHub's 13 MB: ~17 ms of CPU a hash). */
  digest: string;
  /** Its size in bytes. */
  bytes: number;
}

/** Where a file of the description keeps its bytes (a symbol: a structured clone copies no symbol-keyed property). */
const kept = Symbol('bytes');

/**
 * A file of a description as read from its bytes: its digest worked out from them (`hashOf` of
 * its text when they are UTF-8), its text decoded only when something asks for it.
 * A warm build of GitHub's description needs its digest alone (the parse, the pages and the files
 * made from it come from the cache): decoding its 13 MB and hashing the text cost ~0.5 s of CPU.
 * The text is a property like any other to whoever copies the file (a thread's structured clone);
 * the bytes are not (`fileBytes`). `digest`: theirs, when it is known already.
 */
export function describedFile(file: string, bytes: Buffer, digest = hashOf(bytes)): OpenApiFile {
  // Of the bytes: buffer.isUtf8 cost 0.4 s on GitHub's (Node 20), to tell the rare file whose text differs from them.
  let source: string | undefined;
  const described = {
    file,
    get source() {
      return (source ??= bytes.toString('utf8'));
    },
    digest,
    bytes: bytes.length,
  };
  return Object.defineProperty(described, kept, { value: bytes });
}

/**
 * The bytes a file of the description was read as, where this thread read them (a copy of the
 * model, a structured clone, has only its text).
 */
export const fileBytes = (entry: OpenApiFile): Buffer | undefined => (entry as { [kept]?: Buffer })[kept];

/**
 * The API description, loaded once with the site and handed to every source (plain data, so
 * render threads get it too). Every `$ref` in it has been checked and rewritten to one form that
 * names its file from the root file's folder, `schemas/bundle.yaml#/Bundle` (a `$ref` into the
 * root file stays `#/…`), so that it resolves without knowing where it was written; a `$ref` to a
 * Markdown or text file has been replaced by that file's text, as Redocly does.
 */
export interface OpenApiModel {
  /** The root file. */
  file: string;
  /** Every file the description is made of, the root first. */
  files: OpenApiFile[];
  /** The root file's document. */
  document: OpenApiDocument;
  /** The other YAML/JSON files' documents, by their path from the root file's folder. */
  parts: Record<string, unknown>;
  /** Identifies the content of every file: the caches of what is built from the description use it. */
  signature: string;
  /** The root file's document is as its file parses (no `$ref` in it rewritten or replaced by what it names). */
  documentAsParsed?: boolean;
}

/** A JSON pointer's keys (`/paths/~1things/get` → `paths`, `/things`, `get`). */
export function pointerKeys(pointer: string): string[] {
  return pointer
    .replace(/^#?\/?/, '')
    .split('/')
    .filter((key, index, keys) => key !== '' || keys.length > 1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Escapes a key for a JSON pointer. */
export const pointerKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The file a canonical `$ref` points into ('' the root file). */
export function refPart(ref: string): string {
  const hash = ref.indexOf('#');
  return hash === -1 ? ref : ref.slice(0, hash);
}

/** The file a canonical `$ref` points into, and the pointer inside it. */
export function splitRef(ref: string): { part: string; pointer: string } {
  const hash = ref.indexOf('#');
  const part = refPart(ref);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  let pointer = fragment;
  try {
    pointer = decodeURIComponent(fragment);
  } catch {
    // Not percent-encoded after all: taken as written.
  }
  return { part, pointer };
}

/**
 * Each `$ref`'s file and keys, read once: a reference resolves the same few thousand `$ref`s again
 * and again (GitHub's: splitRef and pointerKeys ~0.2 s of its cold build's thread). What a `$ref`
 * names follows from its text alone.
 */
const refPaths = new Map<string, { part: string; keys: readonly string[] }>();

/** The node a canonical `$ref` points at, or undefined. */
export function refTarget(api: Pick<OpenApiModel, 'document' | 'parts'>, ref: string): unknown {
  let read = refPaths.get(ref);
  if (read === undefined) {
    const { part, pointer } = splitRef(ref);
    refPaths.set(ref, (read = { part, keys: pointerKeys(pointer) }));
  }
  const { part, keys } = read;
  let node: any = part === '' ? api.document : api.parts[part];
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * Resolves a `$ref` of the model (all of them were checked when it was loaded, so a miss here is
 * a model put together by hand, reported at `from`, the pointer of the `$ref` in the root file).
 */
export function resolveRef(api: OpenApiModel, ref: string, from: string): any {
  const node = refTarget(api, ref);
  if (node === undefined) throw locatedError(api, '', from, `broken $ref ${ref} at ${from}`);
  return node;
}

/**
 * An object that may be written as a `$ref` (a path item, operation, parameter, response…),
 * resolved. The reference's own `summary` and `description` replace the target's, as OpenAPI 3.1
 * says: a response that `$ref`s a shared `NotFound` and says what is not found shows its own words.
 */
export function resolved(api: OpenApiModel, node: any, pointer: string): any {
  if (!node?.$ref) return node;
  const target = resolveRef(api, node.$ref, pointer);
  const own = ['summary', 'description'].filter((key) => typeof node[key] === 'string');
  return own.length === 0 ? target : { ...target, ...Object.fromEntries(own.map((key) => [key, node[key]])) };
}

/** The last key of a `$ref`'s pointer: the name of the schema it points at (`#/components/schemas/Bundle` → `Bundle`). */
export const refName = (ref: string) => pointerKeys(splitRef(ref).pointer).pop() ?? ref;

/** An error at the place of a JSON pointer in one of the description's files (`part` '' is the root file); `locators` kept between calls parse each file once. */
export function locatedError(
  api: Pick<OpenApiModel, 'file' | 'files'>,
  part: string,
  pointer: string,
  message: string,
  locators = new Map<string, ReturnType<typeof yamlLocator>>(),
): DocsgenError {
  const file = part === '' ? api.file : path.join(path.dirname(api.file), part);
  const source = api.files.find((entry) => entry.file === file)?.source;
  // Errors located in one file share its locator (`locators`): each parses the file once.
  let locate = locators.get(file);
  if (source !== undefined && !locate) locators.set(file, (locate = yamlLocator(source)));
  const position = locate?.(pointerKeys(pointer));
  return new DocsgenError(
    message,
    { file, line: position?.line ?? 1, column: position?.column ?? 1 },
    position && source ? lineOf(source, position.line) : undefined,
  );
}
