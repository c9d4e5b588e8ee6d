import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from '../build/build.ts';
import { formatBrokenLink, type BrokenLink } from '../links/checkLinks.ts';
import { checkExternalLinks } from '../links/checkExternalLinks.ts';
import { exitCodes } from './exitCodes.ts';

/** `docsgen check-links`'s command line. */
export interface CheckLinksOptions {
  root: string;
  configFile: string;
  json: boolean;
  external: boolean;
}

/** An external link that did not answer well. */
type BrokenExternalLink = { file: string; href: string; reason: string; line: 0; column: 0; status: number | string };

/**
 * Builds the site into a scratch folder with the build's own link check, reading every page's
 * links from its HTML: those written in the content (with their file:line:col), then those the
 * theme generates (navbar, sidebar, footer, home, API reference), each broken target once; with
 * `--external`, every external link fetched too.
 */
export async function runCheckLinks(options: CheckLinksOptions): Promise<number> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-check-'));
  try {
    const result = await build({
      root: options.root,
      configFile: options.configFile,
      outDir,
      onBrokenLinks: 'ignore',
      readLinks: true,
      log: (line) => console.error(line),
    });
    const broken: (BrokenLink | BrokenExternalLink)[] = [...result.brokenLinks];
    if (options.external) {
      for (const failure of (await checkExternalLinks(result.externalLinks)).filter((entry) => !entry.ok)) {
        broken.push({
          file: 'external',
          href: failure.url,
          reason: `external link answered ${failure.status}`,
          line: 0,
          column: 0,
          status: failure.status,
        });
      }
    }
    const pages = result.counts.pages + result.counts.unlistedPages;
    if (options.json) console.log(JSON.stringify({ broken, checkedPages: pages }, null, 2));
    else {
      for (const link of broken)
        console.log('status' in link ? `${link.href}: ${link.reason}` : formatBrokenLink(link, options.root));
      console.log(
        broken.length === 0
          ? `No broken links in ${pages} pages.`
          : `${broken.length} broken link${broken.length === 1 ? '' : 's'} in ${pages} pages.`,
      );
    }
    return broken.length === 0 ? exitCodes.ok : exitCodes.contentError;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
