import { loadSite, type Site } from '../../src/site/site.ts';
import { siteRoutes, withRoutes } from '../../src/pages/siteRoutes.ts';

/** Fixed asset addresses in place of the browser bundle a build makes: what a render thread is given. */
export const testAssets: Site['assets'] = {
  css: '/assets/site.css',
  runtime: '/assets/runtime.js',
  headSnippet: '',
  contentSecurityPolicy: '',
  themeColor: '#1a4aa8',
};

/** The site of `root` with `testAssets` and its routes, as the build resolves it before rendering. */
export async function routedSite(root: string): Promise<Site> {
  const loaded = { ...(await loadSite(root)), assets: testAssets };
  return withRoutes(loaded, siteRoutes(loaded));
}
