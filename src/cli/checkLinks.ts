import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildInThread } from '../build/buildThread.ts';
import { formatBrokenLink, isLinkWarning, type BrokenLink } from '../links/checkLinks.ts';
import { checkExternalLinks } from '../links/checkExternalLinks.ts';
import { exitCodes } from './exitCodes.ts';
import { describeRoutes, plural } from './describeRoutes.ts';
import { formatLocation, projectPath } from '../errors.ts';

/** `docsgen check-links`'s command line. */
export interface CheckLinksOptions {
  root: string;
  configFile: string;
  json: boolean;
  external: boolean;
}

/** An external link that did not answer well, where it is written. */
type BrokenExternalLink = {
  file: string;
  href: string;
  reason: string;
  line: number;
  column: number;
  status: number | string;
};

/**
 * Builds the site into a scratch folder with the build's own link check, reading every page's
 * links from its HTML: those written in the content (with their file:line:col), then those the
 * theme generates (navbar, sidebar, footer, home, API reference), each broken target once; with
 * `--external`, every external link fetched too. Exits 1 on a broken link; an API description's
 * link to an anchor it does not have is a warning, which does not.
 */
export async function runCheckLinks(options: CheckLinksOptions): Promise<number> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-check-'));
  try {
    const result = await buildInThread({
      root: options.root,
      configFile: options.configFile,
      outDir,
      onBrokenLinks: 'ignore',
      readLinks: true,
      log: (line) => console.error(line),
    });
    // A description's link to an anchor is reported as a warning, as the build reports it (isLinkWarning).
    const warnings = result.brokenLinks.filter(isLinkWarning);
    const broken: (BrokenLink | BrokenExternalLink)[] = result.brokenLinks.filter((link) => !isLinkWarning(link));
    if (options.external) {
      const urls = result.externalLinks.map((link) => link.href);
      for (const failure of (await checkExternalLinks(urls)).filter((entry) => !entry.ok)) {
        for (const link of result.externalLinks.filter(({ href }) => href === failure.url)) {
          const reason = `external link answered ${failure.status}`;
          broken.push({ ...link, file: projectPath(options.root, link.file), reason, status: failure.status });
        }
      }
    }
    // The pages whose links were checked, in the words the build's summary counts them in.
    const { pages: listed, unlistedPages, redirects } = result.counts;
    const pages = describeRoutes({ ...result.counts, files: 0 });
    if (options.json)
      console.log(
        JSON.stringify(
          {
            // Files named as the writer knows them, as the text report does.
            broken: broken.map((link) => ({ ...link, file: projectPath(options.root, link.file) })),
            warnings: warnings.map((link) => ({ ...link, file: projectPath(options.root, link.file) })),
            checkedPages: listed + unlistedPages + redirects,
          },
          null,
          2,
        ),
      );
    else {
      for (const link of broken)
        console.log(
          'status' in link
            ? `${formatLocation(link.line ? link : { file: link.file }, options.root)}: ${link.reason}: ${link.href}`
            : formatBrokenLink(link, options.root),
        );
      for (const link of warnings) console.log(`warning: ${formatBrokenLink(link, options.root)}`);
      const found = broken.length === 0 ? 'No broken links' : plural(broken.length, 'broken link');
      console.log(`${found} in ${pages}${warnings.length ? `, ${plural(warnings.length, 'warning')}` : ''}.`);
    }
    return broken.length === 0 ? exitCodes.ok : exitCodes.contentError;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
