import { BaseResolver, ResolveError, Source } from '@redocly/openapi-core';
import type { OpenApiModel } from './openApiModel.ts';

/**
 * Redocly's resolver, given only the files docsgen has already read (inside the description's
 * folder, bounded: loadOpenApi.ts). Anything else, a URL or another path, is refused: Redocly
 * would otherwise fetch it or read it from disk.
 */
export class ContainedResolver extends BaseResolver {
  readonly #sources: Map<string, string>;

  constructor(api: Pick<OpenApiModel, 'files'>) {
    super({ http: { headers: [] } });
    this.#sources = new Map(api.files.map((entry) => [entry.file, entry.source]));
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const source = this.#sources.get(absoluteRef);
    if (source === undefined) throw new ResolveError(new Error(`${absoluteRef} is not a file of the description`));
    return new Source(absoluteRef, source.replace(/\r\n/g, '\n'));
  }
}
