import type { AnyPageSource } from './pageSource.ts';
import { docsSource } from './docsSource.ts';
import { apiSource } from './apiSource.ts';
import { sitePagesSource } from './sitePagesSource.ts';
import { sidebarFragmentsSource } from './sidebarFragmentsSource.ts';
import { llmsSource } from './llmsSource.ts';

/** Every kind of page the site has. The build and the dev server know them only through this list. */
export const pageSources: AnyPageSource[] = [docsSource, apiSource, sitePagesSource, sidebarFragmentsSource, llmsSource];

export function sourceNamed(name: string): AnyPageSource {
  const source = pageSources.find((candidate) => candidate.name === name);
  if (!source) throw new Error(`no page source named ${name}`);
  return source;
}
