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

describe('the changelog page’s Markdown twin and search records', () => {
  it('the twin holds the generated section after the title, links absolute, before the writers’ prose', async () => {
    const twin = await sites.two.render(`${changelogPath}index.md`);
    const section = twin.slice(twin.indexOf('## API changes'), twin.indexOf('## Release notes'));
    expect(twin.indexOf('# Changelog\n')).toBe(0);
    expect(twin.indexOf('## API changes')).toBeGreaterThan(0);
    expect(twin.indexOf('## Release notes')).toBeGreaterThan(twin.indexOf('## API changes'));
    expect(section).toContain('### 2.0.0');
    expect(section).toContain(
      '4 changes since [1.0.0](https://docs.fixture.example/api/1.0.0/): 3 breaking, 1 non-breaking. See the [2.0.0 API reference](https://docs.fixture.example/api/).',
    );
    expect(section).toContain(
      '**[GET /things/ (listThings)](https://docs.fixture.example/api/#operation/listThings)**',
    );
    expect(section).toContain(
      '- Breaking: Made the query parameter limit required (`request-parameter-became-required`)',
    );
    expect(section).toContain('- Non-breaking: Added the operation (`endpoint-added`)');
    // The same section in llms-full.txt, which holds the current version's twins.
    expect(await sites.two.render('/llms-full.txt')).toContain(section);
  });

  it('the search records hold the section’s headings and each change, in the page’s order', async () => {
    const { output } = await sites.two.rendered(changelogPath);
    const records = output!.records!;
    const headings = records.filter((record) => record.type !== 'content').map((record) => record.hierarchy);
    expect(headings.map((hierarchy) => [hierarchy.lvl1, hierarchy.lvl2, hierarchy.lvl3])).toEqual([
      ['Changelog', null, null],
      ['Changelog', 'API changes', null],
      ['Changelog', 'API changes', '2.0.0'],
      ['Changelog', 'Release notes', null],
    ]);
    const change = records.find((record) => record.content?.includes('legacy_code'));
    expect(change).toMatchObject({
      url: expect.stringMatching(/\/docs\/changelog\/#api-changes-2-0-0$/),
      hierarchy: { lvl2: 'API changes', lvl3: '2.0.0' },
    });
    expect(change!.content).toContain('GET /things/ (listThings): Breaking: made the query parameter limit required');
  });

  it('a site of one version: no generated section in the twin or the records', async () => {
    expect(await sites.one.render(`${changelogPath}index.md`)).not.toContain('API changes');
    const { output } = await sites.one.rendered(changelogPath);
    expect(output!.records!.some((record) => record.hierarchy.lvl2 === 'API changes')).toBe(false);
  });
});
