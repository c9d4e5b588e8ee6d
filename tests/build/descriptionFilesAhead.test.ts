import { execFile } from 'node:child_process';
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { cliPath } from '../helpers/cli.ts';
import { addConfigOptions, copyFixtureSite, projectRoot, snapshotDir } from '../helpers/fixtureSite.ts';

const run = promisify(execFile);

/**
 * The CLI checks a large description with Redocly and makes its downloads and Postman collection
 * in a thread of their own from the moment the description is read
 * (src/openapi/descriptionFilesAhead.ts; the tests' in-process builds check it and make them where
 * they are rendered). Both must give the same bytes and the same located error, and a build that
 * finds the files in the cache starts no such thread.
 */
let site: string;
const description = () => path.join(site, 'openapi/api.yaml');

beforeEach(async () => {
  site = await copyFixtureSite();
  // Over the size below which the files are made where they are rendered (1 MiB).
  await appendFile(description(), `x-filler: ${'a'.repeat(1_100_000)}\n`);
});
afterEach(async () => {
  await rm(site, { recursive: true, force: true });
});

/** Runs `docsgen build` in the site, recording the modules every thread loads: its exit code, stderr and those modules. */
async function cliBuild(args: string[]): Promise<{ code: number; stderr: string; modules: string }> {
  const record = path.join(site, 'imports.txt');
  await writeFile(record, '');
  let code = 0;
  let stderr: string;
  try {
    ({ stderr } = await run(
      process.execPath,
      ['--import', path.join(projectRoot, 'tests/helpers/recordImports.mjs'), cliPath, 'build', '--quiet', ...args],
      { cwd: site, env: { ...process.env, DOCSGEN_RECORD_IMPORTS: record }, maxBuffer: 32 * 1024 * 1024 },
    ));
  } catch (error) {
    ({ code, stderr } = error as { code: number; stderr: string });
  }
  return { code, stderr, modules: await readFile(record, 'utf8') };
}

const aheadThread = /\/src\/openapi\/descriptionFilesWorker\.mjs$/m;

describe("a large description's files made ahead in their own thread", () => {
  it('are the bytes one thread makes; a build that has them in the cache starts no thread for them', async () => {
    const cold = await cliBuild(['--out', 'dist-ahead']);
    expect(cold.stderr).toBe('');
    expect(cold.code).toBe(0);
    expect(cold.modules).toMatch(aheadThread);
    await build({ root: site, outDir: 'dist-one-thread', cache: false });
    const ahead = await snapshotDir(path.join(site, 'dist-ahead'));
    const oneThread = await snapshotDir(path.join(site, 'dist-one-thread'));
    expect([...ahead.keys()].sort()).toEqual([...oneThread.keys()].sort());
    for (const file of ['api/api.yaml', 'api/api.json', 'api/postman-collection.json'])
      expect(ahead.get(file), file).toBeDefined();
    for (const [file, content] of ahead) expect(content, file).toBe(oneThread.get(file));
    const warm = await cliBuild(['--out', 'dist-ahead']);
    expect(warm.code).toBe(0);
    expect(warm.modules).not.toMatch(aheadThread);
    expect(await snapshotDir(path.join(site, 'dist-ahead'))).toEqual(ahead);
  }, 180_000);

  // A description broken one way: the same located error whether the description's thread found it
  // (the description is large) or the thread that renders its page (under the size), never a stack trace.
  it.each([
    {
      what: 'a Postman failure',
      breaks: (text: string) => text.replace(/^ {2}title: .*\n/m, ''),
      error:
        /^error: openapi\/api\.yaml: the Postman collection needs a title: the OpenAPI file has no `info\.title`$/m,
    },
    {
      what: "Redocly's check of the description",
      breaks: (text: string) => text.replace('      type: object\n', '      type: objekt\n'),
      error:
        /^error: openapi\/api\.yaml:33:13: OpenAPI file is not valid at #\/components\/schemas\/Thing\/type: `type` can be one of the following only.*\n {4}type: objekt$/m,
    },
  ])(
    'report $what as the located error the render thread reports',
    async ({ breaks, error }) => {
      await writeFile(description(), breaks(await readFile(description(), 'utf8')));
      const large = await cliBuild(['--no-cache']);
      expect(large.code).toBe(1);
      expect(large.modules).toMatch(aheadThread);
      expect(large.stderr).toMatch(error);
      expect(large.stderr).not.toMatch(/^\s+at /m);
      await writeFile(description(), (await readFile(description(), 'utf8')).replace(/^x-filler: .*\n/m, ''));
      const small = await cliBuild(['--no-cache']);
      expect(small.code).toBe(1);
      expect(small.modules).not.toMatch(aheadThread);
      expect(small.stderr).toBe(large.stderr);
    },
    180_000,
  );

  // Placing an image warning scans the description's text: the description's thread finds them, with the
  // config's image hosts and the project root the warnings are written from, as the build's thread does without it.
  it("warns about a description's images from unlisted hosts as the build's thread does", async () => {
    await addConfigOptions(site, "apiReference: { imageHosts: ['https://img.fixture.example'] },");
    await writeFile(
      description(),
      (await readFile(description(), 'utf8')).replace(
        'description: The things.',
        'description: "The things: ![a](https://img.fixture.example/a.png) ![b](https://tracker.fixture.example/b.png)"',
      ),
    );
    const large = await cliBuild(['--no-cache']);
    expect(large.code).toBe(0);
    expect(large.modules).toMatch(aheadThread);
    expect(large.stderr).toMatch(
      /^warning: openapi\/api\.yaml:23:24: the description shows an image from https:\/\/tracker\.fixture\.example, which apiReference\.imageHosts does not list .*: https:\/\/tracker\.fixture\.example\/b\.png$/m,
    );
    expect(large.stderr).not.toMatch(/image from https:\/\/img\.fixture\.example/);
    await writeFile(description(), (await readFile(description(), 'utf8')).replace(/^x-filler: .*\n/m, ''));
    const small = await cliBuild(['--no-cache']);
    expect(small.code).toBe(0);
    expect(small.modules).not.toMatch(aheadThread);
    expect(small.stderr).toBe(large.stderr);
  }, 180_000);
});
