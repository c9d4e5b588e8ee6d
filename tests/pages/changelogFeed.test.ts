import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { siteRoutes } from '../../src/pages/siteRoutes.ts';
import { changelogPath, changelogSites } from '../helpers/changelogSite.ts';

const feedRoute = `${changelogPath}atom.xml`;
const sites = changelogSites();

describe('the changelog’s Atom feed', () => {
  it('is a file beside the changelog page, linked from its head', async () => {
    expect(siteRoutes(sites.two.site).find((route) => route.route === feedRoute)).toMatchObject({ page: false });
    const html = await sites.two.render(changelogPath);
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml" href="${feedRoute}"/>`);
  });

  it('parses back to an entry per version with the same changes, its links absolute', async () => {
    const xml = await sites.two.render(feedRoute);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Fixture API changes');
    expect(feed.url).toBe('https://docs.fixture.example/docs/changelog/');
    expect(feed.updated).toBeInstanceOf(Date);
    expect(feed.authors.map((author) => author.name)).toEqual(['Fixture']);
    expect(feed.items).toHaveLength(1);
    const [entry] = feed.items;
    expect(entry.id).toBe('https://docs.fixture.example/docs/changelog/#api-changes-2-0-0');
    expect(entry.url).toBe('https://docs.fixture.example/docs/changelog/#api-changes-2-0-0');
    expect(entry.title).toBe('2.0.0: 4 API changes (3 breaking)');
    expect(entry.updated).toBeInstanceOf(Date);
    expect(entry.content).toContain(
      '<a href="https://docs.fixture.example/api/#operation/createThing">POST /things/ (createThing)</a>',
    );
    expect(entry.content).toContain('Made the query parameter limit required');
  });

  it('is not there on a site of one version', async () => {
    expect(siteRoutes(sites.one.site).some((route) => route.route === feedRoute)).toBe(false);
    expect(await sites.one.render(changelogPath)).not.toContain('application/atom+xml');
  });
});
