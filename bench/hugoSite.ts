import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { timedRun, type BuildMeasurement } from './timedRun.ts';

/**
 * The same corpus as a Hugo site, for a side-by-side build: minimal layouts that render the
 * content, a table of contents (h2–h3) and a sidebar of the section's pages, with Hugo's own
 * syntax highlighting on.
 */
export async function writeHugoSite(corpusRoot: string, hugoRoot: string): Promise<void> {
  await rm(hugoRoot, { recursive: true, force: true });
  await mkdir(path.join(hugoRoot, 'layouts', '_default'), { recursive: true });
  await cp(path.join(corpusRoot, 'content', 'docs'), path.join(hugoRoot, 'content', 'docs'), { recursive: true });
  for (const section of await readdir(path.join(hugoRoot, 'content', 'docs'))) {
    const dir = path.join(hugoRoot, 'content', 'docs', section);
    await rename(path.join(dir, 'index.md'), path.join(dir, '_index.md'));
    await rm(path.join(dir, '_category_.yml'), { force: true });
  }
  await writeFile(
    path.join(hugoRoot, 'hugo.toml'),
    [
      "baseURL = 'https://bench.example/'",
      "title = 'Benchmark Docs'",
      'disableKinds = ["taxonomy", "term", "RSS"]',
      '[markup.highlight]',
      '  codeFences = true',
      '  noClasses = true',
      '[markup.tableOfContents]',
      '  startLevel = 2',
      '  endLevel = 3',
      '[markup.goldmark.renderer]',
      '  unsafe = false',
    ].join('\n'),
  );
  const shell = (main: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title><meta name="description" content="{{ .Description }}"></head>
<body><nav class="sidebar"><ul>{{ range .CurrentSection.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></nav>
<main>${main}</main></body></html>`;
  await writeFile(
    path.join(hugoRoot, 'layouts', '_default', 'single.html'),
    shell('<article><h1>{{ .Title }}</h1>{{ .Content }}</article><aside class="toc">{{ .TableOfContents }}</aside>'),
  );
  await writeFile(
    path.join(hugoRoot, 'layouts', '_default', 'list.html'),
    shell('<article><h1>{{ .Title }}</h1>{{ .Content }}</article><aside class="toc">{{ .TableOfContents }}</aside>'),
  );
  await writeFile(path.join(hugoRoot, 'layouts', 'index.html'), shell('<h1>{{ .Site.Title }}</h1>'));
}

/** `hugo` builds the site cold (no resource cache): wall time, peak memory, CPU (see timedRun). */
export function measureHugo(hugoRoot: string, outDir: string): Promise<BuildMeasurement> {
  return timedRun(
    'hugo',
    ['--quiet', '--source', hugoRoot, '--destination', outDir, '--cleanDestinationDir', '--ignoreCache'],
    'hugo',
  );
}
