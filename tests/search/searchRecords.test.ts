import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { pageSearchRecords } from './crawl/crawlSearchRecords.ts';
import { validateConfig } from '../../src/config/loadConfig.ts';
import shipped from '../../docsgen.config.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/search/${name}`, import.meta.url), 'utf8');
const config = validateConfig(shipped, 'docsgen.config.ts');
const origin = 'https://developers.acme-sign.example';
const brief = (records: ReturnType<typeof pageSearchRecords>) =>
  records.map((record) => [
    record.type,
    record.url.replace(origin, ''),
    record.type === 'content' ? record.content : record.hierarchy[record.type],
  ]);

describe('search records of a docs page', () => {
  const records = pageSearchRecords(
    { route: '/docs/webhook/', html: fixture('doc-page.html'), lvl0: 'eSignature API', kind: 'doc' },
    config,
  );

  it('reads headings as levels and prose as content under the nearest heading, with its anchor', () => {
    expect(brief(records)).toEqual([
      ['lvl1', '/docs/webhook/', 'Webhooks'],
      ['content', '/docs/webhook/', 'A webhook is a URL on your server that we call with an HTTP POST.'],
      ['lvl2', '/docs/webhook/#event-types', 'Event types'],
      ['content', '/docs/webhook/#event-types', 'Sent when a bundle is sent.'],
      ['content', '/docs/webhook/#event-types', 'Nested detail.'],
      ['content', '/docs/webhook/#event-types', 'bundle_sent A bundle was sent.'],
      ['lvl3', '/docs/webhook/#what-a-delivery-looks-like', 'What a delivery looks like'],
      ['content', '/docs/webhook/#what-a-delivery-looks-like', 'Tip'],
      ['content', '/docs/webhook/#what-a-delivery-looks-like', 'Escape <script> & "quotes".'],
      ['lvl2', '/docs/webhook/#next-steps', 'Next steps'],
      ['content', '/docs/webhook/#next-steps', 'Read the API reference.'],
    ]);
  });

  it('gives every record the DocSearch fields: hierarchy, objectID, anchors, tags and weight', () => {
    const delivery = records.find((record) => record.content?.startsWith('Escape'))!;
    expect(delivery).toEqual({
      objectID: '/docs/webhook/#8',
      url: `${origin}/docs/webhook/#what-a-delivery-looks-like`,
      url_without_anchor: `${origin}/docs/webhook/`,
      anchor: 'what-a-delivery-looks-like',
      type: 'content',
      hierarchy: {
        lvl0: 'eSignature API',
        lvl1: 'Webhooks',
        lvl2: 'Event types',
        lvl3: 'What a delivery looks like',
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
      content: 'Escape <script> & "quotes".',
      language: 'en',
      docusaurus_tag: 'docs-default-current',
      weight: { pageRank: 0, level: 0, position: 8 },
    });
    expect(records.find((record) => record.hierarchy.lvl2 === 'Next steps')!.hierarchy.lvl3).toBeNull();
    expect(records[0].weight.level).toBe(90);
  });

  it("follows the title with the page's description, as the first content record", () => {
    const html = fixture('doc-page.html').replace(
      '<title>',
      '<meta name="description" content="Subscribe an endpoint &amp; verify deliveries."><title>',
    );
    const described = pageSearchRecords({ route: '/docs/webhook/', html, lvl0: 'eSignature API', kind: 'doc' }, config);
    expect(brief(described).slice(0, 3)).toEqual([
      ['lvl1', '/docs/webhook/', 'Webhooks'],
      ['content', '/docs/webhook/', 'Subscribe an endpoint & verify deliveries.'],
      ['content', '/docs/webhook/', 'A webhook is a URL on your server that we call with an HTTP POST.'],
    ]);
    expect(described[1].hierarchy).toEqual(described[0].hierarchy);
    expect(described).toHaveLength(records.length + 1);
  });

  it('tags pages outside the docs as default, and reads the home page from its main region', () => {
    const [home] = pageSearchRecords(
      {
        route: '/',
        html: '<main><h1>Site</h1><p>Tagline.</p><a class="card"><h2 class="card__title">Start</h2><p>Go.</p></a></main>',
        lvl0: 'Home',
        kind: 'home',
      },
      config,
    );
    expect(home).toMatchObject({
      docusaurus_tag: 'default',
      type: 'lvl1',
      hierarchy: { lvl0: 'Home', lvl1: 'Site' },
      url: `${origin}/`,
    });
  });
});

describe('search records of the API reference', () => {
  const records = pageSearchRecords(
    { route: '/api/', html: fixture('api-page.html'), lvl0: 'API reference', kind: 'api' },
    config,
  );

  it('makes every tag, operation and schema a record at its stable anchor', () => {
    expect(brief(records)).toEqual([
      ['lvl1', '/api/', 'eSignature API 2.9.0'],
      ['content', '/api/', 'The API sends documents for signature.'],
      ['lvl2', '/api/#rate-limits', 'Rate limits'],
      ['content', '/api/#rate-limits', '200 bundles per hour.'],
      ['lvl1', '/api/#tag/Bundles', 'Bundles'],
      ['content', '/api/#tag/Bundles', 'Create and follow bundles.'],
      ['lvl2', '/api/#operation/getBundle', 'Get a bundle'],
      ['content', '/api/#operation/getBundle', 'GET /bundles/{bundleSlug}/ · getBundle'],
      ['content', '/api/#operation/getBundle', 'Returns one bundle.'],
      ['content', '/api/#operation/getBundle', "bundleSlug: The bundle's slug."],
      ['content', '/api/#operation/getBundle', '200 The bundle.'],
      ['lvl1', '/api/#schemas', 'Schemas'],
      ['lvl2', '/api/#schema/Packet', 'Packet'],
      ['content', '/api/#schema/Packet', 'One signer of a bundle.'],
      ['content', '/api/#schema/Packet', 'email: Where the request goes.'],
      ['content', '/api/#schema/Packet', 'fields'],
    ]);
    expect(
      records.every((record) => record.hierarchy.lvl0 === 'API reference' && record.docusaurus_tag === 'default'),
    ).toBe(true);
  });
});
