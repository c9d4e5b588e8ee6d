import { chromiumPath, chromiumArgs } from '../tests/helpers/chromium.ts';

/**
 * Lighthouse (mobile profile) on each route, driving the same Chromium as the browser tests:
 * performance, accessibility, best practices and SEO. Markdown lines for the report.
 */
export async function lighthouseScores(siteUrl: string, routes: string[]): Promise<string[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumArgs });
  const rows: string[] = [];
  try {
    for (const route of routes) {
      const result = await lighthouse(siteUrl + route, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const categories = result!.lhr.categories;
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      rows.push(
        `| ${route} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} |`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return ['| page | performance | accessibility | best practices | SEO |', '|---|---|---|---|---|', ...rows];
}
