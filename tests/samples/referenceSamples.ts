import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Element, Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { select } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { parse } from 'parse5';
import { sampleLanguages, type Sample, type SampleLanguage } from './discoverSamples.ts';

export interface ReferenceSample extends Sample {
  /** The operation whose section on the page holds the sample. */
  operationId: string;
}

const operationIdPrefix = 'operation/';

/** The request samples of every page of a built site (the API reference, however it is split). */
export function readSiteReferenceSamples(siteDir: string, apiBase: string, baseUrlStandIn: string): ReferenceSample[] {
  return readdirSync(siteDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .sort()
    .flatMap((file) => {
      const html = readFileSync(join(siteDir, file), 'utf8');
      if (!html.includes(`id="${operationIdPrefix}`)) return [];
      const route = `/${dirname(file)}/`.replace(/^\/\.\/$/, '/');
      return readReferenceSamples(html, route, apiBase, baseUrlStandIn);
    });
}

/**
 * The request samples of a built page, read as a reader copies them (the text of
 * each code block's `pre code`): every block highlighted in a language of `sampleLanguages`
 * inside an operation's section (`id="operation/<operationId>"`). Whatever generates them, they
 * are run as published; `apiBase` (the API's server URL, which the samples call) is replaced by
 * `baseUrlStandIn`, as a reader would point a sample at a sandbox.
 */
export function readReferenceSamples(
  html: string,
  route: string,
  apiBase: string,
  baseUrlStandIn: string,
): ReferenceSample[] {
  const samples: ReferenceSample[] = [];
  const walk = (node: Root | Element, operationId: string | undefined): void => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const id = child.properties.id;
      // The outermost such id names the operation; ids inside its section (its tabs) extend it.
      const inOperation =
        operationId === undefined && typeof id === 'string' && id.startsWith(operationIdPrefix)
          ? id.slice(operationIdPrefix.length)
          : operationId;
      const language = sampleLanguages[String(child.properties.dataLanguage) as keyof typeof sampleLanguages] as
        | SampleLanguage
        | undefined;
      const code = language === undefined ? undefined : select('pre code', child);
      if (code && inOperation !== undefined) {
        const text = toString(code);
        samples.push({
          source: 'generated reference',
          location: `${route}#${operationIdPrefix}${inOperation}`,
          operationId: inOperation,
          language: language!,
          label: language!,
          code: text.replaceAll(apiBase, baseUrlStandIn),
          inputFiles: new Map(),
        });
        continue;
      }
      walk(child, inOperation);
    }
  };
  walk(fromParse5(parse(html)) as Root, undefined);
  return samples;
}
