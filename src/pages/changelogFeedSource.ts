import { Feed } from 'feed';
import type { RenderSite } from '../site/site.ts';
import { publishedUrl } from '../model/paths.ts';
import { changelogData } from '../props/changelogData.ts';
import type { PageSource } from './pageSource.ts';

/** The feed's route: `atom.xml` beside the changelog page (`/docs/x/changelog/atom.xml`). */
const feedRoute = (changelogPath: string) => `${changelogPath.replace(/\/?$/, '/')}atom.xml`;

/** A site path as an absolute URL on the published site: a feed is read away from it. */
const absolute = (site: Pick<RenderSite, 'config'>, sitePath: string) => publishedUrl(site.config, sitePath);

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
  async render(site, _state, routes, _inputs, emit) {
    const page = site.config.docs.changelogPath!;
    const versions = changelogData(site.apiChanges ?? [], (sitePath) => absolute(site, sitePath));
    const [{ renderPage }, { ApiChangesOfVersion }] = await Promise.all([
      import('../render/renderPage.ts'),
      import('../../templates/ApiChangelog.tsx'),
    ]);
    const pageUrl = absolute(site, page);
    const feed = new Feed({
      id: pageUrl,
      title: `${site.config.product.name} API changes`,
      description: `What changed in each version of the ${site.config.product.name} API, from its OpenAPI description.`,
      link: pageUrl,
      updated: new Date(versions[0].updated),
      generator: 'docsgen',
      author: { name: site.config.product.name, link: absolute(site, '/') },
      feedLinks: { atom: absolute(site, routes[0]) },
    });
    for (const version of versions) {
      const total = version.breaking + version.nonBreaking;
      feed.addItem({
        id: `${pageUrl}#${version.id}`,
        link: `${pageUrl}#${version.id}`,
        title: `${version.label}: ${total} API change${total === 1 ? '' : 's'} (${version.breaking} breaking)`,
        date: new Date(version.updated),
        content: renderPage(ApiChangesOfVersion, { version }, { route: routes[0] }, { fragment: true }),
      });
    }
    await emit({ route: routes[0], content: feed.atom1() });
  },
};
