import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config/loadConfig.ts';
import { contentVariables } from '../../src/content/variables.ts';
import { findFreePort, prismStartTimeoutMs, startPrism, type PrismMock } from '../helpers/prism.js';
import { listOperations, loadSpec, specPath, type SpecOperation } from '../openapi/load-spec.js';
import { discoverSamples, type Sample, type SampleLanguage, type SampleSource } from './discoverSamples.ts';
import { readSiteReferenceSamples } from './referenceSamples.ts';
import { baseUrlVariables, clientLibraries } from './clientLibraries.ts';
import { prepareInterpreters } from './interpreters.ts';
import { minimalPdf } from './minimalPdf.ts';
import { startApiProxy, type ApiProxy, type Exchange } from './apiProxy.ts';
import { prepareSampleFolder, runSample, sampleEnvironment, startReceiver } from './runSample.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
// A paging loop bounded at 50 pages against a mock that always links a next page takes ~25 s in bash.
const sampleTimeoutMs = 60_000;
const receiverStartTimeoutMs = 15_000;
const apiKeyVariable = 'ACME_SIGN_API_KEY';
// What the API reference's samples write where the key goes (the OpenAPI file's scheme adds `Token `).
const keyPlaceholder = 'YOUR_API_KEY';
// Test bundles go only to the reader's own verified address, which samples read from here.
const ownAddress = { YOUR_EMAIL: 'you@yourcompany.example' };
const webhookTokenVariable = 'WEBHOOK_TOKEN';
// The replay window the webhook page recommends, in seconds.
const replayWindowSeconds = 300;

/**
 * Every path parameter's example from the OpenAPI file, under its name in upper snake case
 * (`bundleSlug` → `BUNDLE_SLUG`): samples read the IDs of earlier steps from such variables.
 */
function pathParameterVariables(operations: SpecOperation[]): Record<string, string> {
  const parameters = operations.flatMap(({ parameters }) => parameters);
  return Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'path' && parameter.example !== undefined)
      .map((parameter) => [
        parameter.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase(),
        String(parameter.example),
      ]),
  );
}

const { config } = await loadConfig(`${projectRoot}docsgen.config.ts`);
const siteVariables = contentVariables(config);
// The API's base URL, as this site's config gives it to its pages.
const apiBase = config.variables.apiBase;
const timestampHeader = `x-${config.product.slug}-request-timestamp`;
const operations = listOperations(await loadSpec());
const exampleIds = pathParameterVariables(operations);
const interpreters = prepareInterpreters();
const contractPdf = minimalPdf('Contract');
const sharedFiles = new Map([['contract.pdf', contractPdf]]);

// The proxy's address is known only once it listens, so samples are discovered with a stand-in
// base URL that every run replaces with the proxy's.
const baseUrlStandIn = 'http://api-base.invalid';
const samples = discoverSamples(
  `${projectRoot}content`,
  projectRoot,
  new Map([...siteVariables, ['apiBase', baseUrlStandIn]]),
);
const scripts = samples.filter((sample) => sample.receiverPath === undefined && sample.source === 'docs page');
const librarySamples = samples.filter(
  (sample) => sample.receiverPath === undefined && sample.source === 'client library',
);
const receivers = samples.filter((sample) => sample.receiverPath !== undefined);
const referenceSamples = readSiteReferenceSamples(inject('siteDir'), apiBase, baseUrlStandIn);
const languages: SampleLanguage[] = ['curl', 'JavaScript', 'Python', 'PHP'];

// The requests each source's samples sent (all answered 2xx), to report the operations each one calls.
const calls = new Map<SampleSource, Exchange[]>([
  ['docs page', []],
  ['generated reference', []],
  ['client library', []],
]);
let prism: PrismMock | undefined;
let proxy: ApiProxy | undefined;
const folders: string[] = [];

function prepare(sample: Sample, apiKey: string): { dir: string; env: NodeJS.ProcessEnv } {
  const interpreter = interpreters[sample.language];
  const relink = (text: string): string => text.replaceAll(baseUrlStandIn, proxy!.baseUrl);
  const inputFiles = new Map([...sample.inputFiles].map(([name, content]) => [name, relink(content)]));
  // A generated sample writes a placeholder where the reader's key goes, as a reader replaces it.
  const code = sample.source === 'generated reference' ? sample.code.replaceAll(keyPlaceholder, apiKey) : sample.code;
  const dir = prepareSampleFolder({ ...sample, code: relink(code), inputFiles }, interpreter, sharedFiles);
  folders.push(dir);
  const baseUrls = Object.fromEntries(baseUrlVariables.map((name) => [name, proxy!.baseUrl]));
  return {
    dir,
    env: sampleEnvironment(dir, {
      ...interpreter.env,
      ...exampleIds,
      ...ownAddress,
      ...baseUrls,
      [apiKeyVariable]: apiKey,
    }),
  };
}

beforeAll(async () => {
  prism = await startPrism(specPath);
  proxy = await startApiProxy({
    mockUrl: prism.baseUrl,
    apiBase,
    download: { body: contractPdf, contentType: 'application/pdf' },
  });
}, prismStartTimeoutMs + 5_000);

afterAll(async () => {
  await proxy?.close();
  await prism?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  console.log(
    `Samples run against Prism, by source and language:\n${countTable([
      ['docs page', scripts],
      ['generated reference', referenceSamples],
      ['client library', librarySamples],
      ['webhook receivers', receivers],
    ])}\n${operationsCalled()}`,
  );
});

/** How many of the OpenAPI file's operations each source's samples call, and which only the reference calls. */
function operationsCalled(): string {
  const calledBy = (source: SampleSource) =>
    operations.filter((operation) => calls.get(source)!.some((call) => isCallOf(operation, call)));
  const lines = [...calls.keys()].map(
    (source) => `${source}: ${calledBy(source).length} of ${operations.length} operations`,
  );
  const outsideReference = new Set([...calledBy('docs page'), ...calledBy('client library')]);
  const onlyReference = operations
    .filter((operation) => !outsideReference.has(operation))
    .map(({ operationId }) => operationId);
  return [...lines, `called by no docs-page or library sample: ${onlyReference.join(', ') || 'none'}`].join('\n');
}

/** A table of how many samples each source has in each language, with totals. */
function countTable(sources: [string, Sample[]][]): string {
  const counts = (list: Sample[]): string[] =>
    [...languages.map((language) => list.filter((sample) => sample.language === language).length), list.length].map(
      String,
    );
  const rows = [
    ['', ...languages, 'total'],
    ...[...sources, ['total', sources.flatMap(([, list]) => list)] as const].map(([name, list]) => [
      name,
      ...counts(list),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const pad = (cell: string, column: number): string =>
    column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!);
  return rows.map((row) => row.map(pad).join('  ')).join('\n');
}

/**
 * Runs a sample to its end and checks what a reader would: it exits 0 within the time limit, it
 * sent requests with the key it was given (unless `callsApi` is false: it only builds a client),
 * and the mock answered every one with 2xx (the mock answers a request that breaks the API
 * description with 4xx, which a sample ignoring errors would not notice). Returns its requests.
 */
async function expectRunsAgainstMock(sample: Sample, { callsApi = true } = {}): Promise<Exchange[]> {
  const apiKey = `sample-${randomUUID()}`;
  const { dir, env } = prepare(sample, apiKey);
  const result = await runSample(dir, interpreters[sample.language], env, sampleTimeoutMs);
  expect(result.timedOut, `ran past ${sampleTimeoutMs} ms:\n${result.output}`).toBe(false);
  expect(result.exitCode, result.output).toBe(0);
  const exchanges = proxy!.exchangesOf(`Token ${apiKey}`);
  if (callsApi)
    expect(exchanges.length, `no request with the key from ${apiKeyVariable}:\n${result.output}`).toBeGreaterThan(0);
  const refused = exchanges.filter(({ status }) => status < 200 || status >= 300);
  expect(refused, `the mock refused requests:\n${result.output}`).toEqual([]);
  calls.get(sample.source)!.push(...exchanges);
  return exchanges;
}

/** Whether a request (`PUT /bundles/abc/cancel/?x=1`) is a call of the operation. */
function isCallOf(operation: SpecOperation, { request }: Exchange): boolean {
  const [method, target] = request.split(' ') as [string, string];
  const pathPattern = operation.path
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return (
    method === operation.method.toUpperCase() &&
    new RegExp(`^${pathPattern}$`).test(new URL(target, 'http://mock.invalid').pathname)
  );
}

describe('raw-HTTP samples in content/ run against the mock of the API', () => {
  it('finds samples in every language', () => {
    const languages = new Set<SampleLanguage>(scripts.map((sample) => sample.language));
    expect([...languages].sort()).toEqual(['JavaScript', 'PHP', 'Python', 'curl']);
  });

  // describe.concurrent runs at most vitest's maxConcurrency (5) samples at once: they mostly wait on the mock.
  describe.concurrent('each sample', () => {
    it.each(scripts.map((sample) => [sample.location, sample.label, sample] as const))(
      '%s (%s) exits 0',
      async (_location, _label, sample) => {
        await expectRunsAgainstMock(sample);
      },
      sampleTimeoutMs + 5_000,
    );
  });
});

describe('client-library samples in content/ run against the mock through the libraries as documented', () => {
  it('finds samples for every client library', () => {
    expect([...new Set(librarySamples.map((sample) => sample.language))].sort()).toEqual(
      Object.keys(clientLibraries).sort(),
    );
  });

  describe.concurrent('each sample', () => {
    it.each(librarySamples.map((sample) => [sample.location, sample.label, sample] as const))(
      '%s (%s) exits 0',
      async (_location, _label, sample) => {
        const library = clientLibraries[sample.language as keyof typeof clientLibraries];
        await expectRunsAgainstMock(sample, { callsApi: library.callsApi.test(sample.code) });
      },
      sampleTimeoutMs + 5_000,
    );
  });
});

describe('the generated request samples of the API reference run against the mock of the API', () => {
  it('publishes one sample per operation of the OpenAPI file and language', () => {
    const published = referenceSamples.map(({ operationId, language }) => `${operationId} ${language}`).sort();
    const expected = operations
      .flatMap(({ operationId }) => languages.map((language) => `${operationId} ${language}`))
      .sort();
    expect(published).toEqual(expected);
  });

  describe.concurrent('each sample', () => {
    it.each(referenceSamples.map((sample) => [sample.location, sample.label, sample] as const))(
      '%s (%s) calls its operation and exits 0',
      async (_location, _label, sample) => {
        expect(
          sample.code,
          `the sample does not write the API's base URL ${apiBase} whole, so it cannot be pointed at the mock`,
        ).toContain(baseUrlStandIn);
        const operation = operations.find(({ operationId }) => operationId === sample.operationId)!;
        const exchanges = await expectRunsAgainstMock(sample);
        expect(
          exchanges.some((exchange) => isCallOf(operation, exchange)),
          `no request was ${operation.method.toUpperCase()} ${operation.path}: ${exchanges.map(({ request }) => request).join(', ')}`,
        ).toBe(true);
      },
      sampleTimeoutMs + 5_000,
    );
  });
});

interface Delivery {
  token?: string;
  timestamp: number;
  eventId: string;
}

async function deliver(url: string, { token, timestamp, eventId }: Delivery): Promise<number> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [timestampHeader]: String(timestamp),
  };
  if (token !== undefined) headers['x-webhook-token'] = token;
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      event_id: eventId,
      // The event after which there is most to do (data and files); every handler acts on it.
      event_type: 'bundle_docs_ready',
      event_date: new Date(timestamp * 1000).toISOString().replace('T', ' ').replace('Z', '+00:00'),
      account_id: randomUUID(),
      payload: { bundle_id: exampleIds.BUNDLE_SLUG },
    }),
    signal: AbortSignal.timeout(sampleTimeoutMs),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('webhook receivers in content/ accept authentic deliveries and reject forged ones', () => {
  it('finds a receiver in every language but curl', () => {
    expect([...new Set(receivers.map((sample) => sample.language))].sort()).toEqual(['JavaScript', 'PHP', 'Python']);
  });

  it.each(receivers.map((sample) => [sample.location, sample.label, sample] as const))(
    '%s (%s)',
    async (_location, _label, sample) => {
      const apiKey = `receiver-${randomUUID()}`;
      const token = randomUUID().replaceAll('-', '');
      const { dir, env } = prepare(sample, apiKey);
      const receiver = await startReceiver(
        dir,
        interpreters[sample.language],
        { ...env, [webhookTokenVariable]: token },
        await findFreePort(),
        sample.receiverPath!,
        receiverStartTimeoutMs,
      );
      try {
        const apiCalls = (): number => proxy!.exchangesOf(`Token ${apiKey}`).length;
        const now = (): number => Math.floor(Date.now() / 1000);
        const forged: [string, Delivery][] = [
          [
            'a wrong token',
            { token: token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), timestamp: now(), eventId: randomUUID() },
          ],
          ['no token', { timestamp: now(), eventId: randomUUID() }],
          ['a stale timestamp', { token, timestamp: now() - 2 * replayWindowSeconds, eventId: randomUUID() }],
          ['a timestamp in the future', { token, timestamp: now() + 2 * replayWindowSeconds, eventId: randomUUID() }],
        ];
        for (const [what, delivery] of forged) {
          const status = await deliver(receiver.url, delivery);
          expect(
            status,
            `a delivery with ${what} was answered ${status}:\n${receiver.output()}`,
          ).toBeGreaterThanOrEqual(400);
          expect(apiCalls(), `a delivery with ${what} made the receiver call the API`).toBe(0);
        }

        const authentic = { token, timestamp: now(), eventId: randomUUID() };
        const status = await deliver(receiver.url, authentic);
        expect(status, `an authentic delivery was answered ${status}:\n${receiver.output()}`).toBeGreaterThanOrEqual(
          200,
        );
        expect(status).toBeLessThan(300);
        const callsForEvent = apiCalls();
        expect(callsForEvent, 'the receiver did not confirm the bundle with the API').toBeGreaterThan(0);

        const replayStatus = await deliver(receiver.url, { ...authentic, timestamp: now() });
        expect(
          replayStatus,
          `a repeated event_id was answered ${replayStatus}: the sender would retry it`,
        ).toBeLessThan(300);
        expect(apiCalls(), 'a repeated event_id was processed again').toBe(callsForEvent);
      } finally {
        await receiver.stop();
      }
    },
    receiverStartTimeoutMs + 6 * sampleTimeoutMs,
  );
});
