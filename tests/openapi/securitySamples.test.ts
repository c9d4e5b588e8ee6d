import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/loadOpenApi.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { OAuthFlows } from '../../templates/api/OAuthFlows.tsx';
import { postmanCollection } from '../../src/openapi/postmanCollection.ts';
import { codeSamplesMarkdown, loadSampleGenerators } from '../../src/openapi/codeSamples.ts';
import { sampleLanguages, type SampleLanguageName } from '../../src/openapi/sampleLanguages.ts';
import { referenceOf } from '../helpers/apiReference.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { samplesOf } from './samplesOf.ts';

const securityFixture = path.join(projectRoot, 'tests/fixtures/openapi-security/security.yaml');
const everyLanguage = Object.keys(sampleLanguages) as SampleLanguageName[];
const reference = await referenceOf(securityFixture, { sampleLanguages: everyLanguage });
const operation = (id: string) => reference.tags.flatMap((tag) => tag.operations).find((each) => each.id === id)!;
const basicToken = Buffer.from('YOUR_USERNAME:YOUR_PASSWORD').toString('base64');

describe('each sample authenticates as its operation says, in every language', () => {
  const labels = everyLanguage.map((name) => sampleLanguages[name].label);

  it.each(labels)('%s: API key in the query (listThings)', (label) => {
    const code = samplesOf(operation('listThings').samplesHtml).get(label)!;
    expect(code).toMatch(/api_key(=|'?"?\s*(:|=>)\s*['"])YOUR_API_KEY/);
    expect(code).not.toMatch(/Authorization|Bearer|Basic|YOUR_TOKEN/);
  });

  it.each(labels)('%s: bearer token (createThing)', (label) => {
    const code = samplesOf(operation('createThing').samplesHtml).get(label)!;
    expect(code).toMatch(/Bearer['"]?,? ?['"]?YOUR_TOKEN/);
    expect(code).not.toContain('YOUR_API_KEY');
  });

  it.each(labels)('%s: HTTP basic (getThing)', (label) => {
    const code = samplesOf(operation('getThing').samplesHtml).get(label)!;
    const plain = code.includes('YOUR_USERNAME') && code.includes('YOUR_PASSWORD');
    expect(plain || (code.includes(`Basic`) && code.includes(basicToken)), code).toBe(true);
    expect(code).not.toMatch(/YOUR_API_KEY|YOUR_TOKEN/);
  });

  it.each(labels)('%s: two API keys needed together, one in the query and one in a header (deleteThing)', (label) => {
    const code = samplesOf(operation('deleteThing').samplesHtml).get(label)!;
    expect(code).toMatch(/api_key(=|'?"?\s*(:|=>)\s*['"])YOUR_QUERY_KEY/);
    expect(code).toMatch(/X-Client-Key['"]?\s*(:|=>|,|\]\s*=)\s*['"]?YOUR_HEADER_KEY/);
  });

  it.each(labels)('%s: API key in a cookie (getSession)', (label) => {
    expect(samplesOf(operation('getSession').samplesHtml).get(label)).toContain('sid=YOUR_API_KEY');
  });

  it.each(labels)('%s: OAuth 2 access token as a bearer token (listReports)', (label) => {
    const code = samplesOf(operation('listReports').samplesHtml).get(label)!;
    expect(code).toContain('YOUR_ACCESS_TOKEN');
  });

  it.each(labels)('%s: nothing for a public operation (getStatus), on its own server', (label) => {
    const code = samplesOf(operation('getStatus').samplesHtml).get(label)!;
    expect(code).not.toMatch(/YOUR_|Authorization/);
    expect(code).toContain('https://status.fixture.example/status/');
  });

  it('samples call the first server, its variables at their defaults', () => {
    expect(samplesOf(operation('listThings').samplesHtml).get('curl')).toContain(
      'https://eu.api.fixture.example/v1/things/',
    );
  });
});

describe('security requirements and schemes in the reference', () => {
  it('gives each operation its own requirement, none for a public one', () => {
    expect(operation('listThings').security).toEqual([[{ name: 'QueryKey', scopes: [] }]]);
    expect(operation('deleteThing').security).toEqual([
      [
        { name: 'QueryKey', scopes: [] },
        { name: 'HeaderKey', scopes: [] },
      ],
    ]);
    expect(operation('listReports').security).toEqual([[{ name: 'OAuth', scopes: ['reports:read'] }]]);
    expect(operation('getStatus').security).toEqual([]);
  });

  it('says how each scheme is sent', () => {
    expect(reference.security.map(({ name, summary }) => [name, summary])).toEqual([
      ['QueryKey', 'API key in the api_key query parameter'],
      ['HeaderKey', 'API key in the X-Client-Key header'],
      ['CookieKey', 'API key in the sid cookie'],
      ['Bearer', 'Bearer token in the Authorization header (JWT)'],
      ['Basic', 'HTTP Basic authentication (username and password)'],
      ['OAuth', 'OAuth 2.0 (clientCredentials, authorizationCode flows), access token sent as a bearer token'],
    ]);
  });

  it("shows each OAuth flow's URLs and its scopes with their descriptions", () => {
    const oauth = reference.security.find(({ name }) => name === 'OAuth')!;
    expect(oauth.flows).toEqual([
      {
        type: 'clientCredentials',
        label: 'Client credentials',
        tokenUrl: 'https://auth.fixture.example/token',
        scopes: [{ name: 'reports:read', description: 'Read reports.' }],
      },
      {
        type: 'authorizationCode',
        label: 'Authorization code',
        authorizationUrl: 'https://auth.fixture.example/authorize',
        tokenUrl: 'https://auth.fixture.example/token',
        refreshUrl: 'https://auth.fixture.example/refresh',
        scopes: [
          { name: 'reports:read', description: 'Read reports.' },
          { name: 'reports:write', description: 'Create and delete reports.' },
        ],
      },
    ]);
    expect(reference.security.filter(({ flows }) => flows).map(({ name }) => name)).toEqual(['OAuth']);
    const text = renderToStaticMarkup(createElement(OAuthFlows, { flows: oauth.flows! }))
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain(
      'Authorization code flow Authorization URL: https://auth.fixture.example/authorize Token URL: https://auth.fixture.example/token Refresh URL: https://auth.fixture.example/refresh',
    );
    expect(text).toContain('reports:write Create and delete reports.');
  });

  it('an API without security schemes has none, and its samples send no credentials', async () => {
    const plain = await referenceOf(path.join(projectRoot, 'tests/fixtures/site/openapi/api.yaml'));
    expect(plain.security).toEqual([]);
    for (const each of plain.tags.flatMap((tag) => tag.operations)) {
      expect(each.security).toEqual([]);
      expect(each.samplesHtml).not.toMatch(/YOUR_|Authorization/);
    }
  });
});

describe('x-codeSamples', () => {
  it('replaces the generated sample of the same label and adds the others after the generated ones', () => {
    const samples = samplesOf(operation('listReports').samplesHtml);
    expect([...samples.keys()]).toEqual([...labels(), 'Go SDK']);
    expect(samples.get('Python')).toContain('from fixture import Client');
    expect(samples.get('Go SDK')).toBe('client.Reports.List(ctx)');
  });
  it('replaces the generated sample whose label differs only in case (Dropbox Sign labels its own cURL)', async () => {
    const markdown = codeSamplesMarkdown(
      { method: 'get', url: 'https://api.fixture.example/v1/things', query: [], credentials: noCredentials },
      await loadSampleGenerators(['curl', 'python']),
      [{ lang: 'cURL', label: 'cURL', source: 'curl -u YOUR_API_KEY: https://api.fixture.example/v1/things' }],
    );
    expect(markdown.match(/label="[^"]*"/g)).toEqual(['label="cURL"', 'label="Python"']);
    expect(markdown).toContain('curl -u YOUR_API_KEY:');
  });
  const labels = () => everyLanguage.map((name) => sampleLanguages[name].label);
  const noCredentials = { headers: [], queryString: [] };
});

describe('the Postman collection', () => {
  it('gives each request its operation’s authentication, its secrets as collection variables', async () => {
    const api = await loadOpenApi(securityFixture);
    const collection: any = postmanCollection(api, api.file);
    const requests = new Map<string, any>();
    const walk = (items: any[]): void =>
      items.forEach((item) => (item.item ? walk(item.item) : requests.set(item.name, item.request)));
    walk(collection.item);
    const auth = (name: string) => {
      const { type, ...rest } = requests.get(name).auth;
      return [type, Object.fromEntries((rest[type] ?? []).map(({ key, value }: any) => [key, value]))];
    };
    expect(collection.auth).toBeUndefined();
    expect(auth('List things')).toEqual(['apikey', { key: 'api_key', value: '{{queryKey}}', in: 'query' }]);
    expect(auth('Create a thing')).toEqual(['bearer', { token: '{{bearerToken}}' }]);
    expect(auth('Get a thing')).toEqual(['basic', { username: '{{username}}', password: '{{password}}' }]);
    expect(auth('Service status')).toEqual(['noauth', {}]);
    expect(auth('Current session')).toEqual(['apikey', { key: 'Cookie', value: 'sid={{cookieKey}}', in: 'header' }]);
    expect(auth('List reports')[0]).toBe('oauth2');
    expect(requests.get('Delete a thing').header).toContainEqual({ key: 'X-Client-Key', value: '{{headerKey}}' });
    expect(collection.variable.map(({ key }: any) => key)).toEqual(
      expect.arrayContaining(['baseUrl', 'queryKey', 'headerKey', 'bearerToken', 'username', 'password']),
    );
    expect(collection.variable[0].value).toBe('https://eu.api.fixture.example/v1');
  });

  it('this site’s collection sends the key as the OpenAPI file says, after its prefix', async () => {
    const api = await loadOpenApi(path.join(projectRoot, 'openapi/esignature-api.yaml'));
    const collection: any = postmanCollection(api, api.file);
    expect(collection.auth.apikey).toEqual([
      { key: 'key', value: 'Authorization', type: 'string' },
      { key: 'value', value: 'Token {{apiKey}}', type: 'string' },
      { key: 'in', value: 'header', type: 'string' },
    ]);
  });
});
