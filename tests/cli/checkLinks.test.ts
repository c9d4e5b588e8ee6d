import { readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addConfigOptions, copyFixtureSite, projectRoot } from '../helpers/fixtureSite.ts';
import { docsgen } from '../helpers/cli.ts';

async function siteWith(file: string, edit: (source: string) => string): Promise<string> {
  const site = await copyFixtureSite();
  const target = path.join(site, file);
  await writeFile(target, edit(await readFile(target, 'utf8')));
  return site;
}

describe('docsgen check-links', () => {
  it('passes the shipped site', async () => {
    const { code, stdout } = await docsgen(['check-links'], projectRoot);
    // In the build summary's words for what it counts (src/cli/describeRoutes.ts), not a sum of its own.
    expect(stdout).toMatch(/^No broken links in \d+ pages and \d+ unlisted pages?\.$/m);
    expect(code).toBe(0);
  });

  it.each([
    [
      'a broken route',
      'content/docs/intro.md',
      (s: string) => s.replace('(guide/step.md#details)', '(/docs/guide/stepp/)'),
      /^content\/docs\/intro\.md:7:\d+: broken link \(missing page\) to \/docs\/guide\/stepp\/; did you mean \/docs\/guide\/step\/\?/m,
    ],
    [
      'a broken anchor',
      'content/docs/guide/index.md',
      (s: string) => s.replace('#overview', '#overveiw'),
      /guide\/index\.md:3:\d+: broken link \(missing anchor\) to \/docs\/intro\/#overveiw; did you mean \/docs\/intro\/#overview\?/,
    ],
    [
      'a broken relative .md link',
      'content/docs/intro.md',
      (s: string) => s.replace('./guide/index.md', './guide/missing.md'),
      /intro\.md:7:\d+: broken link \(missing file\) to \.\/guide\/missing\.md/,
    ],
    [
      'a broken link the theme generates',
      'docsgen.config.ts',
      (s: string) => s.replace("href: 'https://help.fixture.example' }", "href: '/docs/helpdesk/' }"),
      /\(generated page\):\d+:\d+: broken link \(missing page\) to \/docs\/helpdesk\//,
    ],
  ])('%s: reported once with its source and a suggestion, exit 1', async (_name, file, edit, expected) => {
    const site = await siteWith(file, edit);
    const { code, stdout } = await docsgen(['check-links'], site);
    expect(stdout).toMatch(expected);
    expect(stdout).toMatch(/^1 broken link in \d+ pages and \d+ unlisted pages?\.$/m);
    expect(code).toBe(1);
    await rm(site, { recursive: true, force: true });
  });

  it('reports a link whose % starts no escape, where it used to crash with URIError', async () => {
    const site = await siteWith(
      'content/docs/intro.md',
      (s) => `${s}\nSee [the fifty](/docs/50%/) and [its part](#a%zz).\n`,
    );
    const { code, stdout, stderr } = await docsgen(['check-links'], site);
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /intro\.md:17:5: broken link \(malformed percent-encoding\) to \/docs\/50%\/; did you mean \/docs\/50%25\/\?/,
    );
    expect(stdout).toMatch(
      /intro\.md:17:\d+: broken link \(malformed percent-encoding\) to \/docs\/intro\/#a%zz; did you mean \/docs\/intro\/#a%25zz\?/,
    );
    expect(code).toBe(1);
    await rm(site, { recursive: true, force: true });
  });

  it('prints JSON for machines', async () => {
    const site = await siteWith('content/docs/guide/step.md', (s) =>
      s.replace('#operation/listThings', '#operation/listThing'),
    );
    const { code, stdout } = await docsgen(['check-links', '--json'], site);
    const report = JSON.parse(stdout) as {
      broken: { file: string; line: number; column: number; href: string; reason: string; suggestion: string }[];
    };
    expect(report.broken).toEqual([
      expect.objectContaining({
        line: 8,
        column: 9,
        href: '/api/#operation/listThing',
        reason: 'missing anchor',
        suggestion: '/api/#operation/listThings',
      }),
    ]);
    expect(report.broken[0].file).toBe('content/docs/guide/step.md');
    expect(code).toBe(1);
    await rm(site, { recursive: true, force: true });
  });

  it('fails the build on a broken link unless the config says warn or ignore', async () => {
    const site = await siteWith('content/docs/intro.md', (s) =>
      s.replace('(guide/step.md#details)', '(/docs/guide/stepp/)'),
    );
    expect((await docsgen(['build'], site)).code).toBe(1);
    await addConfigOptions(site, "onBrokenLinks: 'warn',");
    const warned = await docsgen(['build'], site);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(
      /warning: content\/docs\/intro\.md:7:\d+: broken link \(missing page\) to \/docs\/guide\/stepp\//,
    );
    await rm(site, { recursive: true, force: true });
  });

  it('--external names each failing link where it is written (file:line:col, relative to the project)', async () => {
    const server = http.createServer((request, response) =>
      response.writeHead(request.url === '/ok' ? 200 : 404).end(),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const site = await siteWith('content/docs/intro.md', (s) =>
        s.replace('Text.', `Text, [fine](${origin}/ok) and\n[gone](${origin}/gone).`),
      );
      const { code, stdout } = await docsgen(['check-links', '--external'], site);
      expect(stdout).toContain(`content/docs/intro.md:12:1: external link answered 404: ${origin}/gone\n`);
      expect(stdout).not.toContain(`${origin}/ok`);
      expect(code).toBe(1);
      await rm(site, { recursive: true, force: true });
    } finally {
      server.close();
    }
  });
});
