import { hashOf } from '../cache/renderCache.ts';
import type { CacheSet } from '../cache/cacheSet.ts';
import type { RenderSite } from '../site/site.ts';
import { publishedUrl } from '../model/paths.ts';
import { changelogData } from '../props/changelogData.ts';
import { type PageSource } from './pageSource.ts';
import { renderedRouteCodec, type RenderedRoute } from '../write/renderedRoute.ts';
import type { ChangelogVersion } from '../model/apiChanges.ts';

/** The feed's route: `atom.xml` beside the changelog page (`/docs/x/changelog/atom.xml`). */
const feedRoute = (changelogPath: string) => `${changelogPath.replace(/\/?$/, '/')}atom.xml`;

/** A site path as an absolute URL on the published site: a feed is read away from it. */
const absolute = (site: Pick<RenderSite, 'config'>, sitePath: string) => publishedUrl(site.config, sitePath);

const feedCache = (caches: CacheSet) => caches.cache<RenderedRoute>('changelog-feed', 1, renderedRouteCodec);

/**
 * The changelog's Atom feed: an entry per version with the API changes its page shows, linked
 * from the page's head. Only when the site has a changelog page and more than one version.
 */
export const changelogFeedSource: PageSource = {
  name: 'changelog-feed',
  routes: (site) => {
    const page = site.config.docs.changelogPath;
    if (!page || !site.apiChanges?.length) return [];
    return [{ route: feedRoute(page), page: false, alternateOf: { route: page, type: 'application/atom+xml' } }];
  },
  watchedPaths: () => [],
  watches: () => false,
  showsApiChanges(site) {
    return this.routes(site).map(({ route }) => route);
  },
  estimate: () => 1,
  async render(site, state, routes, _inputs, emit) {
    const versions = changelogData(site.apiChanges ?? [], (sitePath) => absolute(site, sitePath));
    // The feed follows from what it shows (its links absolute, its dates) and the product's name:
    // a build whose descriptions did not change neither renders it nor loads React for it.
    const key = hashOf('changelog-feed', routes[0], site.config.product.name, JSON.stringify(versions));
    await emit(await feedCache(state).getOrCompute(key, () => renderFeed(site, routes[0], versions)));
  },
};

async function renderFeed(site: RenderSite, route: string, versions: ChangelogVersion[]): Promise<RenderedRoute> {
  // Loaded for a feed to render only (feed, with the XML writer and parser below it: ~100 KB a warm build does not parse).
  const [{ renderPage }, { ApiChangesOfVersion }, { Feed }] = await Promise.all([
    import('../render/renderPage.ts'),
    import('../../templates/ApiChangelog.tsx'),
    import('feed'),
  ]);
  const pageUrl = absolute(site, site.config.docs.changelogPath!);
  const feed = new Feed({
    id: pageUrl,
    title: `${site.config.product.name} API changes`,
    description: `What changed in each version of the ${site.config.product.name} API, from its OpenAPI description.`,
    link: pageUrl,
    updated: new Date(versions[0].updated),
    generator: 'docsgen',
    author: { name: site.config.product.name, link: absolute(site, '/') },
    feedLinks: { atom: absolute(site, route) },
  });
  for (const version of versions) {
    const total = version.breaking + version.nonBreaking;
    feed.addItem({
      id: `${pageUrl}#${version.id}`,
      link: `${pageUrl}#${version.id}`,
      title: `${version.label}: ${total} API change${total === 1 ? '' : 's'} (${version.breaking} breaking)`,
      date: new Date(version.updated),
      content: renderPage(ApiChangesOfVersion, { version }, { route }, { fragment: true }),
    });
  }
  return { route, content: feed.atom1() };
}
