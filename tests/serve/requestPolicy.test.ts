import http from 'node:http';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { interrupt, startServe } from '../helpers/cli.ts';

const secret = 'TOP SECRET, outside the project';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request: fetch would neither send a forged Host nor leave a path like `/.//x` as it is. */
function request(
  base: string,
  target: string,
  { method = 'GET', host }: { method?: string; host?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      { hostname, port, path: target, method, headers: host === undefined ? {} : { host } },
      (response) => {
        let body = '';
        response
          .setEncoding('utf8')
          .on('data', (chunk) => (body += chunk))
          .on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    sent.on('error', reject).end();
  });
}

let outside: string;
const sites: string[] = [];
const servers: { name: string; child: ChildProcess; url: string }[] = [];

/** A fixture site whose public/ holds a file, a link that stays inside and, if asked, one that leaves. */
async function siteWithPublicFiles(linkOut: boolean): Promise<string> {
  const site = await copyFixtureSite();
  sites.push(site);
  await mkdir(path.join(site, 'public'), { recursive: true });
  await writeFile(path.join(site, 'public/hello.txt'), 'hello from public\n');
  await symlink('../content/home.md', path.join(site, 'public/home-source.md'));
  if (linkOut) await symlink(path.join(outside, 'secret.txt'), path.join(site, 'public/leak.txt'));
  return site;
}

beforeAll(async () => {
  outside = await mkdtemp(path.join(os.tmpdir(), 'docsgen-outside-'));
  await writeFile(path.join(outside, 'secret.txt'), secret);
  // The dev server serves public/ as it is, the link out included.
  const dev = await siteWithPublicFiles(true);
  // The build refuses a link out of the project, so the static server finds one only if it is put into dist/.
  const built = await siteWithPublicFiles(false);
  const [watch, serve] = await Promise.all([startServe(['--watch'], dev), startServe([], built)]);
  await symlink(path.join(outside, 'secret.txt'), path.join(built, 'dist/leak.txt'));
  servers.push({ name: 'serve --watch', ...watch }, { name: 'serve', ...serve });
});

afterAll(async () => {
  for (const { child } of servers) if (child.exitCode === null) await interrupt(child);
  for (const dir of [...sites, outside]) await rm(dir, { recursive: true, force: true });
});

describe.each(['serve --watch', 'serve'])('%s', (name) => {
  const base = () => servers.find((server) => server.name === name)!.url;

  it('answers only hosts that name it: loopback, *.localhost, IP addresses (DNS rebinding)', async () => {
    const { port } = new URL(base());
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `docs.localhost:${port}`,
      'LOCALHOST',
    ]) {
      expect((await request(base(), '/docs/intro/', { host })).status, host).toBe(200);
    }
    for (const host of [
      'attacker.example',
      `attacker.example:${port}`,
      'localhost.attacker.example',
      '127.0.0.1.nip.example',
    ]) {
      const answer = await request(base(), '/docs/intro/', { host });
      expect(answer.status, host).toBe(403);
      expect(answer.body).toMatch(/^Blocked request: this server does not answer to the host/);
    }
  });

  it('keeps redirects on the site: repeated slashes are collapsed, never a Location starting with //', async () => {
    for (const [target, location] of [
      ['/.//evil.example/index.html', '/evil.example/'],
      ['//evil.example/index.html', '/evil.example/'],
      ['/\\evil.example/index.html', '/evil.example/'],
      ['/docs//intro.html', '/docs/intro/'],
      ['//docs//intro', '/docs/intro'],
      ['/docs/intro?x=1', '/docs/intro/?x=1'],
    ]) {
      const answer = await request(base(), target);
      expect(answer.status, target).toBe(301);
      expect(answer.headers.location, target).toBe(location);
    }
  });

  it('sends no redirect off the site, whatever the path is made of', async () => {
    const pieces = [
      '/',
      '/',
      '.',
      '/./',
      '..',
      '\\',
      '%2F',
      '%5C',
      '%2e',
      'evil.example',
      'docs',
      'intro',
      'index.html',
      'a.html',
      '?next=//evil.example',
    ];
    const paths = fc
      .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 })
      .map((parts) => `/${parts.join('')}`);
    await fc.assert(
      fc.asyncProperty(paths, async (target) => {
        const { status, headers } = await request(base(), target);
        if (status >= 300 && status < 400) {
          expect(headers.location, target).toMatch(/^\/(?![\/\\])/);
          expect(new URL(headers.location!, base()).origin, target).toBe(new URL(base()).origin);
        }
      }),
      { numRuns: 200, examples: [['/.//evil.example/index.html']] },
    );
  });

  it('answers 405 with Allow: GET, HEAD to other methods', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const answer = await request(base(), '/docs/intro/', { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expect(answer.body).not.toContain('<html');
    }
    const head = await request(base(), '/docs/intro/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('does not follow a symbolic link out of the project, and serves public files and links inside it', async () => {
    const leak = await request(base(), '/leak.txt');
    expect(leak.status).toBe(404);
    expect(leak.body).not.toContain(secret);
    expect(await request(base(), '/hello.txt')).toMatchObject({ status: 200, body: 'hello from public\n' });
    const inside = await request(base(), '/home-source.md');
    expect(inside.status).toBe(200);
    expect(inside.body).toMatch(/^---/);
  });
});

describe('serve --watch', () => {
  it('refuses the live-reload stream to another host, and a POST to it', async () => {
    const base = servers[0].url;
    expect((await request(base, '/__docsgen/events', { host: 'attacker.example' })).status).toBe(403);
    expect((await request(base, '/__docsgen/events', { method: 'POST' })).status).toBe(405);
  });
});
