import type { DocsgenConfig } from '../config/schema.ts';

/** What decides whether a site's docs pages get Markdown twins: its config and its pages, in every version. */
interface TwinsSite {
  config: Pick<DocsgenConfig, 'markdownTwins' | 'markdownTwinsUpToPages'>;
  versions: readonly { docs: readonly unknown[] }[];
}

const docsPages = (site: TwinsSite) => site.versions.reduce((sum, { docs }) => sum + docs.length, 0);
const count = (n: number) => n.toLocaleString('en');

/**
 * Whether docs pages get Markdown twins: as `markdownTwins` says, or, unset, while the site has at
 * most `markdownTwinsUpToPages` docs pages. A twin a page doubles the files: at 10,000 pages the
 * site could not stay under the 20,000 files of Cloudflare Pages' free plan.
 */
export function markdownTwinsOn(site: TwinsSite): boolean {
  return site.config.markdownTwins ?? docsPages(site) <= site.config.markdownTwinsUpToPages;
}

/** What the build says when it leaves the twins out by default (`markdownTwins` unset), else undefined. */
export function twinsLeftOutNote(site: TwinsSite): string | undefined {
  if (site.config.markdownTwins !== undefined || markdownTwinsOn(site)) return undefined;
  return `no Markdown twins (index.md) for the ${count(docsPages(site))} docs pages, over markdownTwinsUpToPages (${count(site.config.markdownTwinsUpToPages)}): llms.txt links the pages and llms-full holds their Markdown; markdownTwins: true in the config writes them`;
}
