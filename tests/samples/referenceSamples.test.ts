import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/build.ts';
import { writeSplitApiSite } from '../helpers/splitApiSite.ts';
import { readReferenceSamples, readSiteReferenceSamples } from './referenceSamples.ts';

const apiBase = 'https://api.example/v2';
const standIn = 'http://api-base.invalid';
const block = (language: string, code: string) =>
  `<figure class="code-block" data-language="${language}"><pre><code><span>${code}</span></code></pre></figure>`;

describe('readReferenceSamples', () => {
  it('reads each sample-language block of an operation section as a reader copies it, named by the operation', () => {
    const html = `<main>
      <section id="introduction">${block('bash', `curl "${apiBase}/intro/"`)}</section>
      <section id="operation/listThings">
        ${block('json', '{"example": true}')}
        <div role="tabpanel" id="operation/listThings/tabs-0-panel-0">${block('bash', `curl &quot;${apiBase}/things/&quot; -H &apos;A: b&apos;`)}</div>
        <div role="tabpanel" id="operation/listThings/tabs-0-panel-1">${block('javascript', `await fetch('${apiBase}/things/')`)}</div>
      </section>
      <section id="operation/getThing">${block('php', `&lt;?php get('${apiBase}/things/1/');`)}</section>
    </main>`;
    expect(
      readReferenceSamples(html, '/api/', apiBase, standIn).map(({ location, operationId, language, code }) => ({
        location,
        operationId,
        language,
        code,
      })),
    ).toEqual([
      {
        location: '/api/#operation/listThings',
        operationId: 'listThings',
        language: 'curl',
        code: `curl "${standIn}/things/" -H 'A: b'`,
      },
      {
        location: '/api/#operation/listThings',
        operationId: 'listThings',
        language: 'JavaScript',
        code: `await fetch('${standIn}/things/')`,
      },
      {
        location: '/api/#operation/getThing',
        operationId: 'getThing',
        language: 'PHP',
        code: `<?php get('${standIn}/things/1/');`,
      },
    ]);
  });

  it('finds the samples of a reference split into a page per tag', async () => {
    const site = await writeSplitApiSite();
    try {
      const outDir = path.join(site, 'dist');
      await build({ root: site, outDir });
      const samples = readSiteReferenceSamples(outDir, 'https://api.split.example/v1', standIn);
      const routes = [...new Set(samples.map(({ location }) => location.split('#')[0]))].sort();
      expect(routes).toEqual(['/api/berweisungen/', '/api/signers-1/', '/api/things/']);
      expect(samples).toHaveLength(4 * 4);
      expect(samples.every(({ code }) => code.includes(standIn))).toBe(true);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});
