import type { AnyPageSource } from './pageSource.ts';
import { docsSource } from './docsSource.ts';
import { apiSource } from './apiSource.ts';
import { homeSource } from './homeSource.ts';
import { searchPageSource } from './searchPageSource.ts';
import { notFoundSource } from './notFoundSource.ts';
import { sidebarFragmentsSource } from './sidebarFragmentsSource.ts';
import { llmsSource } from './llmsSource.ts';
import { siteFilesSource } from './siteFilesSource.ts';
import { changelogFeedSource } from './changelogFeedSource.ts';
import { redirectSource } from './redirectSource.ts';

/**
 * Every kind of page the site has. The build and the dev server know them only through this
 * list. Its order is the order render jobs are queued: the API reference's one long job first,
 * so that it runs beside the docs batches instead of alone at the end (on 10,000 pages it was
 * done after 74 s of a 76 s render when queued last).
 */
export const pageSources: AnyPageSource[] = [
  apiSource,
  docsSource,
  homeSource,
  searchPageSource,
  notFoundSource,
  sidebarFragmentsSource,
  llmsSource,
  siteFilesSource,
  changelogFeedSource,
  redirectSource,
];

/** The source of a render job, by the name the job carries (a job crosses threads as plain data). */
export function sourceNamed(name: string): AnyPageSource {
  const source = pageSources.find((candidate) => candidate.name === name);
  if (!source) throw new Error(`no page source named ${name}`);
  return source;
}
