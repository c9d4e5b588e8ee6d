import { existsSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { engineRoot } from '../src/engineRoot.ts';
import { timedRun, type BuildMeasurement } from './timedRun.ts';

const packages = ['@11ty/eleventy@3.1.8', '@11ty/eleventy-plugin-syntaxhighlight@5.0.2'];

/**
 * Eleventy 3 is installed for the benchmark only, in a folder of its own under the cache (never
 * the project's dependencies): `npm install` there on first use.
 */
function eleventyCli(): string {
  const prefix = path.join(engineRoot, '.docsgen-cache', 'bench-tools', 'eleventy');
  const cli = path.join(prefix, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (!existsSync(cli)) {
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', ...packages], {
      stdio: 'inherit',
    });
  }
  return cli;
}

/**
 * The same corpus as an Eleventy 3 site: markdown-it with its syntax-highlight plugin (Prism), a
 * layout with the page and a sidebar of its section's pages, as the Hugo anchor has. Writers'
 * `{{ }}` are not templates here (markdownTemplateEngine off), as in docsgen.
 */
export async function writeEleventySite(corpusRoot: string, siteRoot: string): Promise<void> {
  await rm(siteRoot, { recursive: true, force: true });
  await mkdir(path.join(siteRoot, '_includes'), { recursive: true });
  await cp(path.join(corpusRoot, 'content', 'docs'), path.join(siteRoot, 'docs'), {
    recursive: true,
    filter: (source) => !source.endsWith('.yml'),
  });
  const plugin = path.join(path.dirname(path.dirname(eleventyCli())), 'eleventy-plugin-syntaxhighlight');
  await writeFile(
    path.join(siteRoot, 'eleventy.config.cjs'),
    `const syntaxHighlight = require(${JSON.stringify(plugin)});
module.exports = (config) => {
  config.addPlugin(syntaxHighlight);
  config.addGlobalData('layout', 'page.njk');
  config.addCollection('sections', (api) => {
    const sections = {};
    for (const page of api.getAll()) (sections[page.filePathStem.split('/')[2]] ??= []).push(page);
    return sections;
  });
  return { dir: { input: '.', includes: '_includes', output: '_site' }, markdownTemplateEngine: false, templateFormats: ['md'] };
};
`,
  );
  await writeFile(
    path.join(siteRoot, '_includes', 'page.njk'),
    `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }} | Benchmark Docs</title><meta name="description" content="{{ description }}"></head>
<body><nav class="sidebar"><ul>{% for item in collections.sections[page.filePathStem.split('/')[2]] %}<li><a href="{{ item.url }}">{{ item.data.title }}</a></li>{% endfor %}</ul></nav>
<main><article><h1>{{ title }}</h1>{{ content | safe }}</article></main></body></html>
`,
  );
}

/** `eleventy` builds the site (it keeps no cache between runs): wall time, peak memory, CPU; with an 8 GB heap, as large sites need. */
export function measureEleventy(siteRoot: string, outDir: string): Promise<BuildMeasurement> {
  return timedRun(
    process.execPath,
    [
      '--max-old-space-size=8192',
      eleventyCli(),
      '--quiet',
      `--config=${path.join(siteRoot, 'eleventy.config.cjs')}`,
      `--input=${siteRoot}`,
      `--output=${outDir}`,
    ],
    'eleventy',
  );
}
