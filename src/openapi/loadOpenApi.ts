import path from 'node:path';
import { hashOf } from '../cache/renderCache.ts';
import { DocsgenError } from '../errors.ts';
import { jsonCompatibleSchema } from '../yaml/loadYaml.ts';
import { loadYamlFile } from '../yaml/loadYamlFile.ts';
import {
  locatedError,
  refPart,
  refTarget,
  splitRef,
  describedFile,
  type OpenApiDocument,
  type OpenApiFile,
  type OpenApiModel,
} from './openApiModel.ts';
import { cachedParsedDescription, keepParsedDescription } from './parsedDescriptionCache.ts';
import { descriptionLimits, readContainedFile, RefusedRead } from './readContainedFile.ts';
import { pointerOf, walkNodes, type NodePlace } from './walkNodes.ts';

/** How many `$ref`s may lead to one another before a node is reached (a chain of 2,000 took Redocly 24 s and 2.1 GB). */
export const maxRefChain = 64;

/** A `$ref` as written: where it is, and what it became. */
interface WrittenRef {
  part: string;
  /** The object that holds the `$ref`, where it sits (its pointer is built only for a `$ref` reported: pointerOf). */
  place: NodePlace;
  written: string;
  /** The `$ref` in the model's form (`part#pointer`), or why it was refused. */
  target: string | { refused: string };
  holder: Record<string, unknown>;
  /** The key under which `holder` sits in its parent, to replace it by a text file's content. */
  parent?: { node: any; key: string | number };
}

const maxOpenFiles = 16;

/**
 * Where a loaded description is kept parsed: the render cache's folder (none: not kept), the
 * project's root its files are named from, and, given `later`, when: `later` receives the write
 * to run when the caller chooses (the dev server, once the page asked for is served: GitHub's
 * 13 MB took 0.17 s of CPU to write before its first page); without it, before the load returns.
 */
export interface DescriptionCache {
  dir: string | undefined;
  root: string;
  later?: (keep: () => Promise<void>) => void;
}

const isDataFile = (file: string) => /\.(ya?ml|json)$/i.test(file);

/**
 * Loads an OpenAPI description from one file or from a folder of files joined by `$ref`s (as
 * DigitalOcean's and Dropbox Sign's are published). Only files inside the root file's folder are
 * read, never the network, each regular, bounded in size and count (readContainedFile.ts); every
 * `$ref` is checked before anything walks the description, and the first that cannot be followed
 * (missing, outside the folder, a URL, a chain too long, a cycle of `$ref`s) is reported where it
 * is written, with how many more there are. With a `cache`, a description that loaded without
 * error is kept parsed in its `dir` (now, or when its `later` runs the write), and taken from there while none of its files changed; the
 * cache's keys (and the model's `signature`, which keys the reference's pages) name the files from
 * the project's `root`, so that a project checked out at another path (a CI clone with its cache
 * restored) keeps them.
 */
export async function loadOpenApi(file: string, cache?: DescriptionCache): Promise<OpenApiModel> {
  const cacheDir = cache?.dir;
  const named = (target: string) => (cache ? path.relative(cache.root, target).split(path.sep).join('/') : target);
  const folder = path.dirname(file);
  const files: OpenApiFile[] = [];
  const parts: Record<string, unknown> = {};
  const refs: WrittenRef[] = [];
  let totalBytes = 0;
  let reading = 0;
  const waiting: (() => void)[] = [];
  const read = async (target: string) => {
    if (files.length + reading >= descriptionLimits.files)
      throw new RefusedRead(`the description has more than ${descriptionLimits.files} files`);
    // A few files open at a time: DigitalOcean's description names 2,906.
    if (reading >= maxOpenFiles) await new Promise<void>((resume) => waiting.push(resume));
    reading++;
    try {
      const bytes = await readContainedFile(
        target,
        folder,
        Math.max(0, Math.min(descriptionLimits.fileBytes, descriptionLimits.totalBytes - totalBytes)),
      );
      totalBytes += bytes.length;
      const entry = describedFile(target, bytes);
      files.push(entry);
      return entry;
    } finally {
      reading--;
      waiting.shift()?.();
    }
  };

  const rootFile = await read(file).catch((error: Error) => {
    throw new DocsgenError(`cannot read the OpenAPI file: ${error.message}`, { file });
  });
  const cached = await cachedParsedDescription(cacheDir, rootFile, named(file), (target) =>
    readContainedFile(target, folder, descriptionLimits.fileBytes),
  );
  if (cached) return withSignature({ file, ...cached }, named);
  const document = parseDescriptionFile(file, rootFile.source);
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new DocsgenError('OpenAPI file does not hold a mapping at its top level', { file, line: 1, column: 1 });
  }
  const pending = new Map<string, Promise<unknown>>();
  const refused = new Map<string, string>();
  const load = (part: string) => {
    let loading = pending.get(part);
    if (!loading) {
      loading = read(path.join(folder, part)).then(
        ({ source }) => {
          const target = path.join(folder, part);
          parts[part] = isDataFile(part) ? parseDescriptionFile(target, source) : source;
          if (isDataFile(part)) collectRefs(parts[part], part, refs, load);
          return source;
        },
        (error: Error) => {
          if (!(error instanceof RefusedRead)) throw error;
          refused.set(part, `cannot read ${part}: ${error.message}`);
        },
      );
      pending.set(part, loading);
    }
    return loading;
  };
  collectRefs(document, '', refs, load);
  // Files are read as their `$ref`s are found; every read started is awaited, including those started meanwhile.
  for (let settled = 0; settled < pending.size; ) {
    const all = [...pending.values()];
    await Promise.all(all);
    settled = all.length;
  }

  // In a stable order (they are read as they are found): the root file first, then by name.
  files.sort(
    (a, b) => Number(b.file === file) - Number(a.file === file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
  );
  const model = withSignature({ file, files, document: document as OpenApiDocument, parts }, named);
  const replaced = checkRefs(model, refs, refused);
  const keep = () => keepParsedDescription(cacheDir, model, named(file));
  if (cache?.later) cache.later(keep);
  else await keep();
  // Validation may take the root document instead of parsing its file again (validateOpenApi.ts).
  const asParsed = !replaced.has('') && refs.every((ref) => ref.part !== '' || ref.target === ref.written);
  return asParsed ? { ...model, documentAsParsed: true } : model;
}

const withSignature = (model: Omit<OpenApiModel, 'signature'>, named: (file: string) => string): OpenApiModel => ({
  ...model,
  signature: hashOf(...model.files.flatMap((entry) => [named(entry.file), entry.digest])),
});

/** Parses one YAML or JSON file of the description, its errors located and its aliases bounded, its dates kept as written. */
function parseDescriptionFile(file: string, source: string): unknown {
  if (/\.json$/i.test(file)) {
    try {
      return JSON.parse(source);
    } catch {
      // js-yaml reads JSON too, and says where it fails.
    }
  }
  return loadYamlFile(source, file, 'OpenAPI file does not parse', jsonCompatibleSchema);
}

/**
 * Finds every `$ref` of a parsed file, rewrites it to the model's form and starts reading the
 * files it names. Like Redocly, it follows `$ref`s anywhere, examples included (DigitalOcean's
 * examples are `$ref`s into examples files).
 */
function collectRefs(root: unknown, part: string, refs: WrittenRef[], load: (part: string) => Promise<unknown>): void {
  walkNodes(root, (place) => {
    const holder = place.node as Record<string, unknown>;
    if (typeof holder.$ref !== 'string') return;
    const target = canonicalRef(part, holder.$ref);
    const parent = place.up && { node: place.up.node, key: place.key! };
    refs.push({ part, place, written: holder.$ref, target, holder, parent });
    if (typeof target === 'string') {
      holder.$ref = target;
      const file = refPart(target);
      if (file !== '') void load(file);
    }
  });
}

/**
 * A `$ref` in the model's form, from the file it is written in: its file named from the root
 * file's folder. URLs and paths that leave the folder are refused.
 */
function canonicalRef(part: string, written: string): string | { refused: string } {
  if (/^[a-z][a-z\d+.-]*:/i.test(written) || written.startsWith('//')) {
    return { refused: `$ref ${written} points to the network: only files inside the description's folder are read` };
  }
  const hash = written.indexOf('#');
  const filePart = hash === -1 ? written : written.slice(0, hash);
  const fragment = hash === -1 ? '' : written.slice(hash);
  if (filePart === '') return `${part}${fragment}`;
  if (path.posix.isAbsolute(filePart))
    return { refused: `$ref ${written} is an absolute path: only files inside the description's folder are read` };
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(part), decodeURIPath(filePart)));
  if (joined === '..' || joined.startsWith('../'))
    return { refused: `$ref ${written} leaves the description's folder` };
  return `${joined}${fragment}`;
}

function decodeURIPath(file: string): string {
  try {
    return decodeURIComponent(file);
  } catch {
    return file;
  }
}

/**
 * Refuses the first `$ref` that cannot be followed, at its place, with a count of the others;
 * replaces each `$ref` to a text file (`description: {$ref: ./intro.md}`) by the file's text.
 * Gives the parts (`''` the root file) where it replaced a `$ref`.
 */
function checkRefs(model: OpenApiModel, refs: WrittenRef[], refused: Map<string, string>): Set<string> {
  const replaced = new Set<string>();
  const problems: { ref: WrittenRef; message: string }[] = [];
  const textFiles = new Set(
    Object.entries(model.parts)
      .filter(([, value]) => typeof value === 'string')
      .map(([part]) => part),
  );
  const followed = new Set<string>();
  // Where each `$ref` leads, found once: GitHub's 10,460 `$ref`s name 1,764 places.
  const finals = new Map<string, unknown>();
  for (const ref of refs) {
    if (typeof ref.target !== 'string') {
      problems.push({ ref, message: ref.target.refused });
      continue;
    }
    const part = refPart(ref.target);
    if (part !== '' && !(part in model.parts)) {
      problems.push({
        ref,
        message: `cannot resolve $ref ${ref.written}: ${refused.get(part) ?? `${part} was not read`}`,
      });
      continue;
    }
    if (textFiles.has(part)) {
      if (splitRef(ref.target).pointer !== '')
        problems.push({ ref, message: `cannot resolve $ref ${ref.written}: ${part} is not YAML or JSON` });
      else if (ref.parent) {
        ref.parent.node[ref.parent.key] = model.parts[part];
        replaced.add(ref.part);
      }
      continue;
    }
    const problem = chainProblem(model, ref.target, followed);
    if (problem) {
      problems.push({ ref, message: `cannot resolve $ref ${ref.written}: ${problem}` });
      continue;
    }
    // A `$ref` to text in a YAML file (DigitalOcean's `description: {$ref: 'description.yml#/introduction'}`) is that text.
    if (!finals.has(ref.target)) finals.set(ref.target, finalTarget(model, ref.target));
    const target = finals.get(ref.target);
    if ((target === null || typeof target !== 'object') && ref.parent) {
      ref.parent.node[ref.parent.key] = target;
      replaced.add(ref.part);
    }
  }
  if (problems.length === 0) return replaced;
  // The root file's in the order written, then the other files' by name (they were read in no fixed order).
  const order = (ref: WrittenRef) => (ref.part === '' ? '' : `/${ref.part}`);
  const [{ ref, message }] = problems.sort((a, b) =>
    order(a.ref) < order(b.ref) ? -1 : order(a.ref) > order(b.ref) ? 1 : 0,
  );
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more $ref problems)` : '';
  throw locatedError(model, ref.part, `${pointerOf(ref.place)}/$ref`, `${message}${more}`);
}

/** What a checked `$ref` leads to in the end, through the `$ref`s on the way. */
function finalTarget(model: OpenApiModel, ref: string): unknown {
  let target = refTarget(model, ref) as any;
  for (let hops = 0; hops < maxRefChain && typeof target?.$ref === 'string'; hops++)
    target = refTarget(model, target.$ref);
  return target;
}

/**
 * Follows a `$ref` through the `$ref`s it leads to until a node is reached: a target missing, a
 * cycle or a chain longer than `maxRefChain` is a problem. Chains already followed are not
 * followed again, so checking every `$ref` takes time linear in their number.
 */
function chainProblem(model: OpenApiModel, start: string, followed: Set<string>): string | undefined {
  const chain: string[] = [];
  for (let ref = start; !followed.has(ref); ) {
    if (chain.includes(ref)) return `the $refs form a cycle (${[...chain, ref].join(' → ')})`;
    if (chain.length >= maxRefChain) return `more than ${maxRefChain} $refs lead to one another`;
    chain.push(ref);
    const target = refTarget(model, ref) as Record<string, unknown> | undefined;
    if (target === undefined) return `${ref === start ? '' : `${ref}, reached from it, `}points at nothing`;
    if (target === null || typeof target !== 'object' || typeof target.$ref !== 'string') break;
    ref = target.$ref;
  }
  for (const ref of chain) followed.add(ref);
  return undefined;
}
