import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';
import { requireDebianProgram } from '../helpers/debianPackages.ts';

/** The fixture site with `redirects` written in its config, after its `openapi` line (line 25). */
async function siteWithRedirects(entries: string[]): Promise<string> {
  const site = await copyFixtureSite();
  const config = path.join(site, 'docsgen.config.ts');
  const source = await readFile(config, 'utf8');
  const redirects = `  redirects: {\n${entries.map((entry) => `    ${entry},\n`).join('')}  },\n`;
  await writeFile(config, source.replace(/(  openapi: .*\n)/, `$1${redirects}`));
  return site;
}

describe('config redirects', () => {
  let site: string;
  let page: string;
  beforeAll(async () => {
    site = await siteWithRedirects([`'/docs/old-guide': '/docs/guide/'`, `'/docs/older/': '/docs/intro/#overview'`]);
    const { code, stdout, stderr } = await docsgen(['build'], site);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Built \d+ pages, 1 unlisted page, 2 redirects and \d+ files \(\d+ routes\)/m);
    page = await readFile(path.join(site, 'dist/docs/old-guide/index.html'), 'utf8');
  });

  it('writes a page at each old path that sends readers on, with a link and the canonical address', async () => {
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide/"/>');
    expect(page).toContain('<link rel="canonical" href="https://docs.fixture.example/docs/guide/"/>');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).toContain('<a href="/docs/guide/">/docs/guide/</a>');
    const other = await readFile(path.join(site, 'dist/docs/older/index.html'), 'utf8');
    expect(other).toContain('content="0; url=/docs/intro/#overview"');
  });

  it('keeps the old paths out of the sitemap, routes.json, llms.txt and the search index', async () => {
    for (const file of ['sitemap.xml', 'routes.json', 'llms.txt', 'llms-full.txt']) {
      const text = await readFile(path.join(site, 'dist', file), 'utf8');
      expect(text, file).not.toMatch(/old-guide|\/docs\/older\//);
    }
    const { stdout } = await promisify(execFile)('grep', ['-rl', 'old-guide', path.join(site, 'dist')]);
    expect(stdout.trim().split('\n')).toEqual([path.join(site, 'dist/docs/old-guide/index.html')]);
  });

  it('is valid HTML (Nu HTML Checker, html-validate)', async () => {
    const file = path.join(site, 'dist/docs/old-guide/index.html');
    const report = await new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:a11y'] }).validateFile(
      file,
    );
    expect(report.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([]);
    const java = requireDebianProgram('/usr/bin/java', ['default-jre-headless'], 'A Java runtime (Nu HTML Checker)');
    const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
    const { stderr } = await promisify(execFile)(java, ['-jar', vnuJar, '--errors-only', file]).catch(
      (error: { stderr: string }) => error,
    );
    expect(stderr).toBe('');
  });

  it('is served by the dev server', async () => {
    const server = await startServe([], site);
    try {
      const response = await fetch(`${server.url}/docs/old-guide/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide/"/>');
    } finally {
      await interrupt(server.child);
    }
  });

  it('check-links reports a redirect to nowhere at its line of the config', async () => {
    const broken = await siteWithRedirects([`'/docs/old-guide': '/docs/guide/'`, `'/docs/gone/': '/docs/nowhere/'`]);
    const { code, stdout } = await docsgen(['check-links'], broken);
    expect(stdout).toMatch(/^docsgen\.config\.ts:28:5: broken link \(missing page\) to \/docs\/nowhere\/$/m);
    expect(stdout).toMatch(/^1 broken link in /m);
    expect(code).toBe(1);
  });

  it('an old path where a page is: a located error, the build fails', async () => {
    const shadowing = await siteWithRedirects([`'/docs/guide/': '/docs/intro/'`]);
    for (const command of ['build', 'check-links']) {
      const { code, stderr } = await docsgen([command], shadowing);
      expect(stderr).toContain(
        'error: docsgen.config.ts:27:5: /docs/guide/ is claimed by redirects and already by docs ' +
          '(content/docs/guide/index.md:1:1); one would overwrite the other',
      );
      expect(code).toBe(1);
    }
  });

  it('an old path that is not a site path: a located config error', async () => {
    const bad = await siteWithRedirects([`'docs/old': '/docs/guide/'`]);
    const { code, stderr } = await docsgen(['build'], bad);
    expect(stderr).toContain(
      `error: docsgen.config.ts:27:5: config redirects['docs/old']: must be a path on this site, starting with a single "/", without "#", "?", "." or ".." segments`,
    );
    expect(code).toBe(1);
  });
});
