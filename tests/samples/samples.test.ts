import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loadConfig.ts';
import { contentVariables } from '../../src/content/variables.ts';
import { findFreePort, prismStartTimeoutMs, startPrism, type PrismMock } from '../helpers/prism.js';
import { listOperations, loadSpec, specPath } from '../openapi/load-spec.js';
import { discoverSamples, type Sample, type SampleLanguage } from './discoverSamples.ts';
import { prepareInterpreters } from './interpreters.ts';
import { minimalPdf } from './minimalPdf.ts';
import { startApiProxy, type ApiProxy } from './apiProxy.ts';
import { prepareSampleFolder, runSample, sampleEnvironment, startReceiver } from './runSample.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
// A paging loop bounded at 50 pages against a mock that always links a next page takes ~25 s in bash.
const sampleTimeoutMs = 60_000;
const receiverStartTimeoutMs = 15_000;
const apiKeyVariable = 'ACME_SIGN_API_KEY';
// Test bundles go only to the reader's own verified address, which samples read from here.
const ownAddress = { YOUR_EMAIL: 'you@yourcompany.example' };
const webhookTokenVariable = 'WEBHOOK_TOKEN';
// The replay window the webhook page recommends, in seconds.
const replayWindowSeconds = 300;

/**
 * Every path parameter's example from the OpenAPI file, under its name in upper snake case
 * (`bundleSlug` → `BUNDLE_SLUG`): samples read the IDs of earlier steps from such variables.
 */
async function pathParameterVariables(): Promise<Record<string, string>> {
  const parameters = listOperations(await loadSpec()).flatMap(({ parameters }) => parameters);
  return Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'path' && parameter.example !== undefined)
      .map((parameter) => [parameter.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase(), String(parameter.example)]),
  );
}

const { config } = await loadConfig(`${projectRoot}docsgen.config.ts`);
const siteVariables = contentVariables(config);
const timestampHeader = `x-${config.product.slug}-request-timestamp`;
const exampleIds = await pathParameterVariables();
const interpreters = prepareInterpreters();
const contractPdf = minimalPdf('Contract');
const sharedFiles = new Map([['contract.pdf', contractPdf]]);

// The proxy's address is known only once it listens, so samples are discovered with a stand-in
// base URL that every run replaces with the proxy's.
const baseUrlStandIn = 'http://api-base.invalid';
const samples = discoverSamples(`${projectRoot}content`, projectRoot, new Map([...siteVariables, ['apiBase', baseUrlStandIn]]));
const scripts = samples.filter((sample) => sample.receiverPath === undefined);
const receivers = samples.filter((sample) => sample.receiverPath !== undefined);

let prism: PrismMock | undefined;
let proxy: ApiProxy | undefined;
const folders: string[] = [];

function prepare(sample: Sample, apiKey: string): { dir: string; env: NodeJS.ProcessEnv } {
  const interpreter = interpreters[sample.language];
  const relink = (text: string): string => text.replaceAll(baseUrlStandIn, proxy!.baseUrl);
  const inputFiles = new Map([...sample.inputFiles].map(([name, content]) => [name, relink(content)]));
  const dir = prepareSampleFolder({ ...sample, code: relink(sample.code), inputFiles }, interpreter, sharedFiles);
  folders.push(dir);
  return { dir, env: sampleEnvironment(dir, { ...exampleIds, ...ownAddress, [apiKeyVariable]: apiKey }) };
}

beforeAll(async () => {
  prism = await startPrism(specPath);
  proxy = await startApiProxy({
    mockUrl: prism.baseUrl,
    apiBase: config.externalUrls.api,
    download: { body: contractPdf, contentType: 'application/pdf' },
  });
}, prismStartTimeoutMs + 5_000);

afterAll(async () => {
  await proxy?.close();
  await prism?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  const counts = (list: Sample[]): string => {
    const perLanguage = new Map<SampleLanguage, number>();
    for (const { language } of list) perLanguage.set(language, (perLanguage.get(language) ?? 0) + 1);
    return [...perLanguage].map(([language, count]) => `${language} ${count}`).join(', ');
  };
  console.log(`Ran ${scripts.length} API samples (${counts(scripts)}) and ${receivers.length} webhook receivers (${counts(receivers)}) against Prism.`);
});

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
        const apiKey = `sample-${randomUUID()}`;
        const { dir, env } = prepare(sample, apiKey);
        const result = await runSample(dir, interpreters[sample.language], env, sampleTimeoutMs);
        expect(result.timedOut, `ran past ${sampleTimeoutMs} ms:\n${result.output}`).toBe(false);
        expect(result.exitCode, result.output).toBe(0);
        // The mock answers every valid request with 2xx: anything else means the sample sent a request
        // the API description refuses, and went on as if nothing had happened.
        const exchanges = proxy!.exchangesOf(`Token ${apiKey}`);
        expect(exchanges.length, `no request with the key from ${apiKeyVariable}:\n${result.output}`).toBeGreaterThan(0);
        const refused = exchanges.filter(({ status }) => status < 200 || status >= 300);
        expect(refused, `the mock refused requests:\n${result.output}`).toEqual([]);
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
        dir, interpreters[sample.language], { ...env, [webhookTokenVariable]: token },
        await findFreePort(), sample.receiverPath!, receiverStartTimeoutMs,
      );
      try {
        const apiCalls = (): number => proxy!.exchangesOf(`Token ${apiKey}`).length;
        const now = (): number => Math.floor(Date.now() / 1000);
        const forged: [string, Delivery][] = [
          ['a wrong token', { token: token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), timestamp: now(), eventId: randomUUID() }],
          ['no token', { timestamp: now(), eventId: randomUUID() }],
          ['a stale timestamp', { token, timestamp: now() - 2 * replayWindowSeconds, eventId: randomUUID() }],
          ['a timestamp in the future', { token, timestamp: now() + 2 * replayWindowSeconds, eventId: randomUUID() }],
        ];
        for (const [what, delivery] of forged) {
          const status = await deliver(receiver.url, delivery);
          expect(status, `a delivery with ${what} was answered ${status}:\n${receiver.output()}`).toBeGreaterThanOrEqual(400);
          expect(apiCalls(), `a delivery with ${what} made the receiver call the API`).toBe(0);
        }

        const authentic = { token, timestamp: now(), eventId: randomUUID() };
        const status = await deliver(receiver.url, authentic);
        expect(status, `an authentic delivery was answered ${status}:\n${receiver.output()}`).toBeGreaterThanOrEqual(200);
        expect(status).toBeLessThan(300);
        const callsForEvent = apiCalls();
        expect(callsForEvent, 'the receiver did not confirm the bundle with the API').toBeGreaterThan(0);

        const replayStatus = await deliver(receiver.url, { ...authentic, timestamp: now() });
        expect(replayStatus, `a repeated event_id was answered ${replayStatus}: the sender would retry it`).toBeLessThan(300);
        expect(apiCalls(), 'a repeated event_id was processed again').toBe(callsForEvent);
      } finally {
        await receiver.stop();
      }
    },
    receiverStartTimeoutMs + 6 * sampleTimeoutMs,
  );
});
