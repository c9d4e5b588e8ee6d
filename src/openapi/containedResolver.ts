import { BaseResolver, ResolveError, Source, type Document } from '@redocly/openapi-core';
import type { OpenApiModel } from './openApiModel.ts';
import { walkNodes } from './walkNodes.ts';

/**
 * Redocly's resolver, given only the files docsgen has already read (inside the description's
 * folder, bounded: loadOpenApi.ts). Anything else, a URL or another path, is refused: Redocly
 * would otherwise fetch it or read it from disk.
 */
export class ContainedResolver extends BaseResolver {
  readonly #sources: Map<string, string>;
  readonly #root: string;
  readonly #parsedRoot: unknown;

  /**
   * `parsedRoot`: the root file's document already parsed, taken as it is (Redocly's lint leaves
   * it unchanged; its bundler does not, so bundling gives none).
   */
  constructor(api: Pick<OpenApiModel, 'files'>, parsedRoot?: unknown) {
    super({ http: { headers: [] } });
    this.#sources = new Map(api.files.map((entry) => [entry.file, entry.source]));
    this.#root = api.files[0].file;
    this.#parsedRoot = parsedRoot;
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const source = this.#sources.get(absoluteRef);
    if (source === undefined) throw new ResolveError(new Error(`${absoluteRef} is not a file of the description`));
    return new Source(absoluteRef, source.replace(/\r\n/g, '\n'));
  }

  /**
   * A JSON file through `JSON.parse`, as the loader reads it (parseDescriptionFile), not through
   * Redocly's js-yaml, which took 0.46 s of GitHub's 13 MB (JSON.parse: 0.15 s). JSON that
   * `JSON.parse` refuses goes to Redocly's parser, which says where it fails.
   */
  override parseDocument(source: Source, isRoot?: boolean): Document {
    if (source.absoluteRef === this.#root && this.#parsedRoot !== undefined)
      return { source, parsed: this.#parsedRoot };
    let document: Document | undefined;
    if (/\.json$/i.test(source.absoluteRef)) {
      try {
        document = { source, parsed: JSON.parse(source.body) };
      } catch {
        // Below.
      }
    }
    document ??= super.parseDocument(source, isRoot);
    if (source.absoluteRef !== this.#root) this.#refsFromRoot(document.parsed, source.absoluteRef);
    return document;
  }

  /**
   * The `$ref`s of a file other than the root, each with its file named by its absolute path (a
   * `$ref` inside the file, `#/x`, by the file's own): Redocly follows them to the same places, and
   * one it leaves as written (inside an example's value) still says where it leads once it is in
   * the root document's bundle (bundleOpenApi.ts), which a path from a nested file (`../x.json`) did not.
   */
  #refsFromRoot(parsed: unknown, file: string): void {
    walkNodes(parsed, ({ node }) => {
      const holder = node as { $ref?: unknown };
      if (typeof holder.$ref !== 'string') return;
      const hash = holder.$ref.indexOf('#');
      const filePart = hash === -1 ? holder.$ref : holder.$ref.slice(0, hash);
      const fragment = hash === -1 ? '' : holder.$ref.slice(hash);
      holder.$ref = `${filePart === '' ? file : this.resolveExternalRef(file, filePart)}${fragment}`;
    });
  }
}
