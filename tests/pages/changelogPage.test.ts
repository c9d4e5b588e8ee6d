import { describe, expect, it } from 'vitest';
import { changelogPath, changelogSites, textOf } from '../helpers/changelogSite.ts';

const sites = changelogSites();

describe('the changelog page', () => {
  it('shows the API changes of each version above the writers’ prose, linked into the reference that has them', async () => {
    const html = await sites.two.render(changelogPath);
    const section = html.slice(html.indexOf('<section class="api-changes"'), html.indexOf('id="release-notes"'));
    expect(html.indexOf('class="api-changes"')).toBeGreaterThan(html.indexOf('<h1>Changelog</h1>'));
    expect(html.indexOf('class="api-changes"')).toBeLessThan(html.indexOf('id="release-notes"'));
    expect(textOf(section)).toContain('4 changes since 1.0.0: 3 breaking, 1 non-breaking');
    expect(section).toContain('<a href="/api/1.0.0/">1.0.0</a>');
    expect(section).toContain('<h3 id="api-changes-2-0-0">2.0.0</h3>');
    // Each operation's changes under a link to its section in 2.0.0's reference.
    expect(section).toContain('<a href="/api/#operation/listThings">GET /things/ (listThings)</a>');
    expect(section).toContain('<a href="/api/#operation/createThing">POST /things/ (createThing)</a>');
    const changes = [...section.matchAll(/<li>(.*?)<\/li>/g)].map(([, item]) => textOf(item));
    expect(changes).toEqual([
      'Breaking Made the query parameter limit required request-parameter-became-required',
      'Breaking Removed the optional response property [].legacy_code from the 200 response response-optional-property-removed',
      'Breaking Added the value "deleted" to the response property [].status of the 200 response response-property-enum-value-added',
      'Non-breaking Added the operation endpoint-added',
    ]);
  });

  it('lists the section in the table of contents, before the writers’ headings', async () => {
    const html = await sites.two.render(changelogPath);
    const toc = html.slice(html.indexOf('class="toc toc--desktop"'));
    expect(toc.indexOf('href="#api-changes"')).toBeGreaterThan(-1);
    expect(toc.indexOf('href="#api-changes-2-0-0"')).toBeGreaterThan(toc.indexOf('href="#api-changes"'));
    expect(toc.indexOf('href="#release-notes"')).toBeGreaterThan(toc.indexOf('href="#api-changes-2-0-0"'));
  });

  it('is the writers’ page alone on a site of one version', async () => {
    expect(sites.one.site.apiChanges).toEqual([]);
    const html = await sites.one.render(changelogPath);
    expect(html).not.toContain('api-changes');
    expect(html).toContain('id="release-notes"');
  });
});
