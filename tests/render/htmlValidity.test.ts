import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { HtmlValidate } from 'html-validate';
import { requireDebianProgram } from '../helpers/debianPackages.ts';

const siteDir = inject('siteDir');
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
/** Every page of the shipped site: home, each docs page, /api/, /search/ and the not-found page. */
const pages = readdirSync(siteDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .sort();

describe('every built page is valid HTML', () => {
  it('covers every kind of page', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        'index.html',
        'api/index.html',
        'search/index.html',
        '404.html',
        'docs/introduction/index.html',
      ]),
    );
  });

  /** The Nu checker's errors (warnings aside), by page, as `page:line:col: message «extract»`. */
  let nuErrors: Map<string, string[]>;
  beforeAll(async () => {
    const java = requireDebianProgram(
      '/usr/bin/java',
      ['default-jre-headless'],
      'A Java runtime (for the Nu HTML Checker)',
    );
    // One JVM for every page: it takes seconds to start. It exits 1 when it finds errors, and reports on stderr.
    const run = promisify(execFile)(java, ['-jar', vnuJar, '--format', 'json', '--errors-only', ...pages], {
      cwd: siteDir,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }));
    const { messages } = JSON.parse((await run).stderr) as {
      messages: {
        type: string;
        url?: string;
        lastLine?: number;
        firstColumn?: number;
        message: string;
        extract?: string;
      }[];
    };
    nuErrors = new Map(pages.map((page) => [page, []]));
    for (const message of messages.filter((message) => message.type !== 'info')) {
      const page = path.relative(siteDir, new URL(message.url ?? 'file:///').pathname);
      const list = nuErrors.get(page) ?? nuErrors.set(page, []).get(page)!;
      list.push(`${page}:${message.lastLine}:${message.firstColumn}: ${message.message} «${message.extract ?? ''}»`);
    }
  }, 300_000);

  it.each(pages)('the Nu HTML Checker finds no error in %s', (page) => {
    expect(nuErrors.get(page)).toEqual([]);
  });

  // Validity and accessibility rules; not the style rules of `recommended` nor `document`'s SRI, meant for other origins.
  const htmlValidate = new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:a11y'] });
  // /api/ is 1 MB: about 10 s on an idle machine.
  it.each(pages)('html-validate finds no error in %s', { timeout: 300_000 }, async (page) => {
    const report = await htmlValidate.validateFile(path.join(siteDir, page));
    const messages = report.results.flatMap((result) =>
      result.messages.map(
        (message) => `${page}:${message.line}:${message.column}: ${message.ruleId}: ${message.message}`,
      ),
    );
    expect(messages).toEqual([]);
  });
});
