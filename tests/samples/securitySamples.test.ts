import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceOf } from '../helpers/apiReference.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { prismStartTimeoutMs, startPrism, type PrismMock } from '../helpers/prism.js';
import { samplesOf } from '../openapi/samplesOf.ts';
import { startApiProxy, type ApiProxy, type Exchange } from './apiProxy.ts';
import { prepareGeneratedInterpreters, prepareInterpreters, type Interpreter } from './interpreters.ts';
import { prepareSampleFolder, runSample, sampleEnvironment } from './runSample.ts';

/**
 * The generated samples of a description whose operations authenticate in different ways (an API
 * key in the query, a bearer token, HTTP basic, two keys together, a cookie, OAuth, none), run
 * against Prism, which answers 401 to a request without the credentials its operation requires.
 * Each sample's placeholders are replaced by fresh secrets, as a reader puts in their own, and
 * the test checks the secrets arrived where the scheme says.
 */

const fixture = path.join(projectRoot, 'tests/fixtures/openapi-security/security.yaml');
const servers = ['https://eu.api.fixture.example/v1', 'https://status.fixture.example'];
const sampleTimeoutMs = 60_000;
/** Each tab run, by its label, with the interpreter that runs it: Node.js's axios samples run as JavaScript does. */
const interpreters = prepareInterpreters();
const tabs: [label: string, interpreter: Interpreter][] = [
  ['curl', interpreters.curl],
  ['JavaScript', interpreters.JavaScript],
  ['Node.js', interpreters.JavaScript],
  ['Python', interpreters.Python],
  ['PHP', interpreters.PHP],
  ['Go', prepareGeneratedInterpreters().Go],
];
const placeholders = [
  'YOUR_API_KEY',
  'YOUR_QUERY_KEY',
  'YOUR_HEADER_KEY',
  'YOUR_TOKEN',
  'YOUR_ACCESS_TOKEN',
  'YOUR_USERNAME',
  'YOUR_PASSWORD',
];
const base64 = (text: string) => Buffer.from(text).toString('base64');

const reference = await referenceOf(fixture, {
  sampleLanguages: ['curl', 'javascript', 'node', 'python', 'php', 'go'],
});
const operations = reference.tags.flatMap((tag) => tag.operations);

/** Where each operation's credentials must arrive, given the secrets put in for the placeholders. */
const arrives: Record<string, (secrets: Map<string, string>, exchange: Exchange) => boolean> = {
  listThings: (secrets, { request }) => request.includes(`api_key=${secrets.get('YOUR_API_KEY')}`),
  createThing: (secrets, { headers }) => headers.authorization === `Bearer ${secrets.get('YOUR_TOKEN')}`,
  getThing: (secrets, { headers }) =>
    headers.authorization === `Basic ${base64(`${secrets.get('YOUR_USERNAME')}:${secrets.get('YOUR_PASSWORD')}`)}`,
  deleteThing: (secrets, { request, headers }) =>
    request.includes(`api_key=${secrets.get('YOUR_QUERY_KEY')}`) &&
    headers['x-client-key'] === secrets.get('YOUR_HEADER_KEY'),
  getSession: (secrets, { headers }) => headers.cookie === `sid=${secrets.get('YOUR_API_KEY')}`,
  listReports: (secrets, { headers }) => headers.authorization === `Bearer ${secrets.get('YOUR_ACCESS_TOKEN')}`,
  getStatus: (_, { headers }) => headers.authorization === undefined,
};

let prism: PrismMock | undefined;
let proxy: ApiProxy | undefined;
const folders: string[] = [];

beforeAll(async () => {
  prism = await startPrism(fixture);
  proxy = await startApiProxy({
    mockUrl: prism.baseUrl,
    apiBase: servers[0]!,
    download: { body: Buffer.alloc(0), contentType: 'application/octet-stream' },
  });
}, prismStartTimeoutMs + 5_000);

afterAll(async () => {
  await proxy?.close();
  await prism?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const cases = operations.flatMap((operation) =>
  tabs
    .map(
      ([label, interpreter]) =>
        [operation.id, label, interpreter, samplesOf(operation.samplesHtml).get(label)!] as const,
    )
    // listReports's Python tab is the description's own SDK sample (x-codeSamples), not a generated request.
    .filter(([id, label]) => !(id === 'listReports' && label === 'Python')),
);

describe('generated samples send the credentials their operation requires, and the mock accepts them', () => {
  it('covers every operation of the fixture', () => {
    expect(new Set(cases.map(([id]) => id))).toEqual(new Set(Object.keys(arrives)));
  });

  // One at a time: a public operation's request is told from the others by when it came.
  it.each(cases)(
    '%s (%s)',
    async (id, label, interpreter, generated) => {
      const secrets = new Map(
        placeholders.map((placeholder) => [placeholder, `${placeholder.toLowerCase()}-${randomUUID()}`]),
      );
      let code = generated.replaceAll(
        base64('YOUR_USERNAME:YOUR_PASSWORD'),
        base64(`${secrets.get('YOUR_USERNAME')}:${secrets.get('YOUR_PASSWORD')}`),
      );
      for (const [placeholder, secret] of secrets) code = code.replaceAll(placeholder, secret);
      for (const server of servers) code = code.replaceAll(server, proxy!.baseUrl);
      expect(code, 'the sample does not write the server URL whole').toContain(proxy!.baseUrl);
      const dir = prepareSampleFolder(
        { location: `${id} (${label})`, code, inputFiles: new Map() },
        interpreter,
        new Map(),
      );
      folders.push(dir);
      const before = proxy!.allExchanges().length;
      const result = await runSample(dir, interpreter, sampleEnvironment(dir, interpreter.env ?? {}), sampleTimeoutMs);
      expect(result.timedOut, result.output).toBe(false);
      expect(result.exitCode, result.output).toBe(0);
      const exchanges = proxy!.allExchanges().slice(before);
      expect(exchanges.length, `no request reached the mock:\n${result.output}`).toBeGreaterThan(0);
      expect(
        exchanges
          .filter(({ status }) => status < 200 || status >= 300)
          .map(({ request, status }) => `${status} ${request}`),
        result.output,
      ).toEqual([]);
      expect(
        exchanges.every((exchange) => arrives[id]!(secrets, exchange)),
        `credentials not where ${id} requires them: ${JSON.stringify(exchanges.map(({ request, headers }) => ({ request, headers })))}`,
      ).toBe(true);
    },
    sampleTimeoutMs + 5_000,
  );
});
