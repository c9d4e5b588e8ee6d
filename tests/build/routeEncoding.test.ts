import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixtureSite } from '../helpers/fixtureSite.ts';
import { docsgen, interrupt, startServe } from '../helpers/cli.ts';
import { listen, waitFor } from '../helpers/liveReloadEvents.ts';
import { commitAll } from '../helpers/gitRepo.ts';

// Page files whose names hold a space and a non-ASCII letter: their routes are `/docs/a b/` and
// `/docs/café/`, and every URL the site writes for them must carry the path escaped.
const spaced = { file: 'content/docs/a b.md', escaped: '/docs/a%20b/', title: 'Spaced page' };
const accented = { file: 'content/docs/café.md', escaped: '/docs/caf%C3%A9/', title: 'Café page' };

let site: string;
beforeAll(async () => {
  site = await copyFixtureSite();
  // Links to each other as writers write them: the route as it is, escaped, and by file.
  await writeFile(
    path.join(site, spaced.file),
    `---\ntitle: ${spaced.title}\n---\n\nSee [the café](/docs/café/) and [again](/docs/caf%C3%A9/#résumé).\n`,
  );
  await writeFile(
    path.join(site, accented.file),
    `---\ntitle: ${accented.title}\n---\n\n## Résumé\n\nSee [the spaced page](./a%20b.md) and [again](</docs/a b/>).\n`,
  );
  await commitAll(site, 'Two pages', '2026-01-16T12:00:00Z');
  const { code, stderr } = await docsgen(['build'], site);
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

/** Every file below the output folder with its text. */
async function outputFiles(): Promise<Map<string, string>> {
  const dist = path.join(site, 'dist');
  const files = new Map<string, string>();
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(html|xml|json|txt)$/.test(entry.name)) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dist, file), await readFile(file, 'utf8'));
    }
  }
  return files;
}

describe('pages whose file names hold a space or non-ASCII letters', () => {
  it('are linked, listed and announced with their paths escaped, as a URL carries them', async () => {
    const files = await outputFiles();
    expect([...files.keys()]).toEqual(expect.arrayContaining(['docs/a b/index.html', 'docs/café/index.html']));
    const unescaped: string[] = [];
    for (const [file, text] of files) {
      // Site paths in attributes (up to a fragment or query), and absolute URLs of the site anywhere.
      const paths = [
        ...[...text.matchAll(/\s(?:href|src|data-[a-z-]+)="(\/[^"#?]*)/g)].map((match) => match[1]),
        ...[...text.matchAll(/https:\/\/docs\.fixture\.example(\/[^\s"<>)#?]*(?: b\/)?)/gu)].map((match) => match[1]),
      ];
      for (const sitePath of paths) if (!/^[!-~]*$/.test(sitePath)) unescaped.push(`${file}: ${sitePath}`);
    }
    expect(unescaped).toEqual([]);
    for (const page of [spaced, accented]) {
      expect(files.get('docs/intro/index.html')).toContain(`href="${page.escaped}"`);
      expect(files.get('sitemap.xml')).toContain(`<loc>https://docs.fixture.example${page.escaped}</loc>`);
      expect(JSON.parse(files.get('routes.json')!).routes).toContain(page.escaped);
      expect(files.get('llms.txt')).toContain(`(https://docs.fixture.example${page.escaped}index.md)`);
      expect(files.get(`${decodeURI(page.escaped).slice(1)}index.html`)).toContain(
        `<link rel="canonical" href="https://docs.fixture.example${page.escaped}"/>`,
      );
    }
    // The writers' links, in whatever form they were written, come out escaped too.
    expect(files.get('docs/a b/index.html')).toContain('href="/docs/caf%C3%A9/#r%C3%A9sum%C3%A9"');
    expect(files.get('docs/café/index.html')).toContain('href="/docs/a%20b/"');
  });

  it('pass check-links', async () => {
    const { code, stdout, stderr } = await docsgen(['check-links'], site);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/No broken links/);
    expect(code).toBe(0);
  });

  it('are served at the links the site writes, built and in the dev server, which reloads them by that path', async () => {
    for (const args of [[], ['--watch']]) {
      const { child, url } = await startServe(args, site);
      try {
        const intro = await (await fetch(`${url}/docs/intro/`)).text();
        for (const page of [spaced, accented]) {
          expect(intro).toContain(`href="${page.escaped}"`);
          const response = await fetch(`${url}${page.escaped}`, { redirect: 'manual' });
          expect(response.status).toBe(200);
          expect(await response.text()).toContain(`<h1>${page.title}</h1>`);
        }
        if (args.includes('--watch')) {
          // An open page compares the path it was loaded at, which the browser escapes.
          const stream = listen(url);
          await stream.opened;
          const file = path.join(site, accented.file);
          await writeFile(file, (await readFile(file, 'utf8')).replace('## Résumé', '## Résumé\n\nEdited.'));
          await waitFor(() =>
            stream.events.find((event) => event.name === 'reload' && event.data === JSON.stringify([accented.escaped])),
          );
          stream.close();
        }
      } finally {
        await interrupt(child);
      }
    }
  });
});
