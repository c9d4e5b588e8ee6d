import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { SearchRecord } from '../../src/model/searchRecord.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';
import { spawn } from 'node:child_process';
import { startFakeAlgolia, type FakeAlgolia } from './fakeAlgolia.ts';
import { cliPath } from '../helpers/cli.ts';
import { readSearchRecords } from '../../src/search/readSearchRecords.ts';
import { build } from '../../src/build/build.ts';

const appId = 'TESTAPP';
const adminKey = 'admin-key';
const indexName = 'acme_docs';
let fake: FakeAlgolia;
let scratch: string;
let records: SearchRecord[];
let output: { log: string[]; error: string[] };

beforeAll(async () => {
  fake = await startFakeAlgolia({ hosts: 2, appId, searchKey: 'search-key', adminKey });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'docsgen-search-cli-'));
  records = await readSearchRecords(inject('siteDir'));
});
afterAll(async () => {
  await fake?.close();
  await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => {
  output = { log: [], error: [] };
  vi.spyOn(console, 'log').mockImplementation((line: string) => output.log.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => output.error.push(line));
  return () => {
    vi.restoreAllMocks();
    delete process.env.ALGOLIA_ADMIN_KEY;
  };
});

const docsgen = (...args: string[]) => main(['node', 'docsgen', '--root', projectRoot, ...args]);

async function configWithHostedIndex(): Promise<string> {
  const file = path.join(scratch, 'hosted.config.ts');
  await writeFile(
    file,
    `import shipped from ${JSON.stringify(path.join(projectRoot, 'docsgen.config.ts'))};\nexport default { ...shipped, search: { algolia: { appId: '${appId}', apiKey: 'search-key', indexName: '${indexName}', hosts: ${JSON.stringify(fake.urls)} } } };\n`,
  );
  return file;
}

describe('docsgen search export', () => {
  it('writes the built site’s records as JSON', async () => {
    const file = path.join(scratch, 'records.json');
    expect(await docsgen('search', 'export', '--out', inject('siteDir'), '--file', file)).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(records);
    expect(output.log).toEqual([`Wrote ${records.length} search records to ${file}`]);
  });

  it('writes to standard output unless a file is named, and nothing into the project', async () => {
    const project = await mkdtemp(path.join(scratch, 'project-'));
    const child = spawn(
      process.execPath,
      [cliPath, '--root', project, 'search', 'export', '--out', inject('siteDir')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(records);
    expect(await readdir(project)).toEqual([]);
  });

  it('ends quietly when the reader of its standard output stops early (`| head`)', async () => {
    const child = spawn(
      process.execPath,
      [cliPath, '--root', projectRoot, 'search', 'export', '--out', inject('siteDir'), '--file', '-'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // Like `head -c`: read the first chunk, then close the pipe.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('names the missing file when there is no build', async () => {
    expect(await docsgen('search', 'export', '--out', path.join(scratch, 'nowhere'))).toBe(1);
    expect(output.error.join('\n')).toMatch(
      /nowhere\/search\/settings\.json: no search records: run `docsgen build` first/,
    );
  });

  it('reads a site searched by a hosted index alike: the build keeps its records, not its local index', async () => {
    const out = path.join(scratch, 'hosted-dist');
    await build({ root: projectRoot, configFile: await configWithHostedIndex(), outDir: out, cache: false });
    expect(await readSearchRecords(out)).toEqual(records);
    const kept = (await readdir(path.join(out, 'search/index'), { recursive: true })).filter((name) =>
      name.includes('.'),
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((name) => /(^|\/)r\d+\.bin$/.test(name))).toBe(true);
  });

  it('finds no single file of every record in the build (static hosts limit a file to 25 MB)', async () => {
    const files = await readdir(path.join(inject('siteDir'), 'search'), { recursive: true });
    expect(files.filter((name) => name.endsWith('records.json'))).toEqual([]);
  });
});

describe('docsgen search push', () => {
  it('replaces the hosted index at once: settings, then every record through a temporary index moved over it', async () => {
    fake.indices.set(indexName, [{ ...records[0], objectID: 'stale' }]);
    process.env.ALGOLIA_ADMIN_KEY = adminKey;
    const before = fake.log.length;
    expect(await docsgen('search', 'push', '--out', inject('siteDir'), '--config', await configWithHostedIndex())).toBe(
      0,
    );
    expect(output.log.join('\n')).toMatch(
      new RegExp(`^Pushed ${records.length} search records to ${indexName} in \\d+ batch`),
    );
    expect(fake.indices.get(indexName)!.map((record) => record.objectID)).toEqual(
      records.map((record) => record.objectID),
    );
    expect([...fake.indices.keys()]).toEqual([indexName]);
    expect(fake.settings.get(indexName)).toMatchObject({
      attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
      attributeForDistinct: 'url',
    });
    const calls = fake.log
      .slice(before)
      .map(({ request }) => `${request.method} ${request.path.replace(/_tmp_\d+/, '_tmp')}`);
    expect(calls[0]).toBe(`PUT /1/indexes/${indexName}/settings`);
    expect(calls).toContain(`POST /1/indexes/${indexName}_tmp/batch`);
    expect(calls.filter((call) => call.endsWith('/operation')).at(-1)).toBe(
      `POST /1/indexes/${indexName}_tmp/operation`,
    );
    expect(fake.log.slice(before).every(({ request }) => request.headers['x-algolia-api-key'] === adminKey)).toBe(true);
  });

  it('takes the admin key from the environment only', async () => {
    expect(await docsgen('search', 'push', '--out', inject('siteDir'), '--config', await configWithHostedIndex())).toBe(
      1,
    );
    expect(output.error.join('\n')).toMatch(/set ALGOLIA_ADMIN_KEY to the application's admin API key/);
  });

  it('reports the service refusing the key', async () => {
    process.env.ALGOLIA_ADMIN_KEY = 'not-the-admin-key';
    expect(await docsgen('search', 'push', '--out', inject('siteDir'), '--config', await configWithHostedIndex())).toBe(
      1,
    );
    expect(output.error.join('\n')).toMatch(/push to acme_docs failed: ApiError: Invalid Application-ID or API key/);
  });

  it('needs a hosted index in the config, and says where', async () => {
    process.env.ALGOLIA_ADMIN_KEY = adminKey;
    expect(await docsgen('search', 'push', '--out', inject('siteDir'))).toBe(1);
    expect(output.error.join('\n')).toMatch(
      /docsgen\.config\.ts:\d+:\d+: config search\.algolia: name appId, apiKey and indexName/,
    );
  });
});
