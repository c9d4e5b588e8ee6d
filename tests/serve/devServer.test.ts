import http from 'node:http';
import { readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { interrupt, startServe } from '../helpers/cli.ts';
import { listen, waitFor as waitUntil } from '../helpers/liveReloadEvents.ts';

const get = (url: string) => fetch(url, { redirect: 'manual' });

/** Waits as waitUntil does; a wait that times out says what the server printed, which is what a rare failure needs. */
const waitFor = <T>(probe: Parameters<typeof waitUntil<T>>[0]) =>
  waitUntil(probe).catch((error: Error) => {
    throw new Error(`${error.message}; the server printed:\n${output()}`);
  });

let site: string;
let child: ChildProcess;
let url: string;
let output: () => string;

beforeAll(async () => {
  site = await copyFixtureSite();
  ({ child, url, output } = await startServe(['--watch'], site));
});

afterAll(async () => {
  if (child.exitCode === null) await interrupt(child);
  await rm(site, { recursive: true, force: true });
});

describe('docsgen serve --watch', () => {
  it('says where it serves, on 127.0.0.1', () => {
    expect(output()).toMatch(
      /Serving and watching the site at http:\/\/127\.0\.0\.1:\d+\/ \(ready in \d+\.\d+ s; Ctrl\+C to stop\)/,
    );
  });

  it('serves pages, assets with their MIME types, and the not-found page with status 404', async () => {
    const page = await get(`${url}/docs/intro/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Compressed for a client that accepts it, as static hosts do; the same page either way.
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const html = await page.text();
    expect(html).toContain('<h1>Introduction</h1>');
    expect(html).toContain('<script type="module" src="/__docsgen/client.js"></script>');
    const plain = await new Promise<{ encoding?: string; body: string }>((resolve, reject) =>
      http
        .get(`${url}/docs/intro/`, (response) => {
          let body = '';
          response
            .setEncoding('utf8')
            .on('data', (chunk) => (body += chunk))
            .on('end', () => resolve({ encoding: response.headers['content-encoding'], body }));
        })
        .on('error', reject),
    );
    expect(plain.encoding).toBeUndefined();
    expect(plain.body).toBe(html);
    const css = /href="(\/assets\/theme-[^"]+\.css)"/.exec(html)![1];
    expect((await get(url + css)).headers.get('content-type')).toMatch(/^text\/css/);
    const missing = await get(`${url}/docs/nowhere/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page Not Found');
  });

  it('redirects .html and index.html paths to clean URLs', async () => {
    for (const [from, to] of [
      ['/docs/intro.html', '/docs/intro/'],
      ['/docs/guide/index.html', '/docs/guide/'],
      ['/docs/intro', '/docs/intro/'],
    ]) {
      const response = await get(url + from);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(to);
    }
  });

  it.each([
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%252e%252e/%252e%252e/etc/passwd',
    '/..%5c..%5cetc%5cpasswd',
    '/assets/..%2f..%2fdocsgen.config.ts',
  ])('refuses %s', async (attack) => {
    const response = await new Promise<http.IncomingMessage>((resolve) => http.get(url + attack, resolve));
    let body = '';
    for await (const chunk of response) body += chunk;
    expect([400, 404]).toContain(response.statusCode);
    expect(body).not.toMatch(/root:|defineConfig/);
  });

  it('serves an edited page and tells open pages to reload', async () => {
    const stream = listen(url);
    await stream.opened;
    const file = path.join(site, 'content/docs/guide/step.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('## Details', '## Details\n\nFreshly edited paragraph.'));
    // How fast is the bench's to measure (bench/devServerBench.ts); a test waits for the page.
    await waitFor(async () =>
      (await (await get(`${url}/docs/guide/step/`)).text()).includes('Freshly edited paragraph.'),
    );
    await waitFor(() =>
      stream.events.find((event) => event.name === 'reload' && event.data === '["/docs/guide/step/"]'),
    );
    stream.close();
  });

  it('re-renders every shell when a title changes (sidebar labels, previous/next)', async () => {
    const file = path.join(site, 'content/docs/guide/step.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('title: First step', 'title: The first step'));
    await waitFor(async () => (await (await get(`${url}/docs/intro/`)).text()).includes('>The first step</a>'));
  });

  it('warns of an unknown front-matter key on save, at the key, and still serves the page', async () => {
    const file = path.join(site, 'content/docs/guide/step.md');
    const original = await readFile(file, 'utf8');
    await writeFile(
      file,
      original.replace('description: The first step.', 'sidebar_lable: Step\ndescription: The first step.'),
    );
    const warning = `warning: content/docs/guide/step.md:3:1: unknown front-matter key "sidebar_lable", ignored; did you mean "sidebar_label"?`;
    await waitFor(() => output().includes(warning));
    expect((await get(`${url}/docs/guide/step/`)).status).toBe(200);
    await writeFile(file, original);
  }, 180_000);

  it('survives a broken edit: overlay event with file:line:col, printed once, cleared by the next good save', async () => {
    const stream = listen(url);
    await stream.opened;
    const file = path.join(site, 'content/docs/intro.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('## Overview', ':::spoiler\nOops\n:::\n\n## Overview'));
    const error = await waitFor(() => stream.events.find((event) => event.name === 'build-error'));
    const payload = JSON.parse(error.data) as { message: string; location: string };
    expect(payload.message).toBe(
      'unknown directive ":::spoiler"; use one of note, tip, info, warning, danger, caution, secondary, important, success, code-tabs, tabs, tab',
    );
    // Relative to the project, as the terminal prints it.
    expect(payload.location).toBe('content/docs/intro.md:9:1');
    expect((await get(`${url}/docs/guide/`)).status).toBe(200);
    await writeFile(file, original.replace('## Overview', ':::spoiler\nOops again\n:::\n\n## Overview'));
    // The second save is applied once the overlay is told again; the terminal is not.
    await waitFor(() => stream.events.filter((event) => event.name === 'build-error').length >= 2);
    expect(output().match(/unknown directive ":::spoiler"/g)).toHaveLength(1);
    await writeFile(file, original);
    await waitFor(() => stream.events.find((event) => event.name === 'build-ok'));
    await waitFor(() => stream.events.find((event) => event.name === 'reload' && event.data.includes('/docs/intro/')));
    stream.close();
  });

  it('closes the cache files of the site it replaces when the config changes', async () => {
    // Files of the cache the server process holds open, by path (one open file may be held twice by one store).
    const openCacheFiles = async () => {
      const held = new Map<string, number>();
      for (const fd of await readdir(`/proc/${child.pid}/fd`)) {
        const target = await readlink(`/proc/${child.pid}/fd/${fd}`).catch(() => '');
        if (target.includes(`${path.sep}.docsgen-cache${path.sep}`)) held.set(target, (held.get(target) ?? 0) + 1);
      }
      return held;
    };
    const file = path.join(site, 'docsgen.config.ts');
    const original = await readFile(file, 'utf8');
    for (let save = 1; save <= 4; save++) {
      await writeFile(
        file,
        original.replace("tagline: 'A small site the tests build.'", `tagline: 'Saved ${save} times.'`),
      );
      await waitFor(async () => (await (await get(`${url}/`)).text()).includes(`Saved ${save} times.`));
      await waitFor(async () => (await get(`${url}/docs/guide/step/`)).ok);
    }
    // A save read while it was being written is applied once more (saveQueue.ts), and may replace the site after
    // the page above was served: ask again until the site then current has opened its stores.
    const held = await waitFor(async () => {
      await get(`${url}/docs/guide/step/`);
      const files = await openCacheFiles();
      return files.size > 0 && files;
    });
    // One site's stores: at most twice each file, however many sites came before it.
    expect(Math.max(...held.values())).toBeLessThanOrEqual(2);
    await writeFile(file, original);
  });

  it('stops cleanly on Ctrl+C', async () => {
    expect(await interrupt(child)).toBe(0);
    expect(output()).toMatch(/Stopping the server\./);
  });
});
