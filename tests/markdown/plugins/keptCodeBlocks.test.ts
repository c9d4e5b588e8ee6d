import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../../src/markdown/highlighter.ts';
import { RenderCache, textCodec } from '../../../src/cache/renderCache.ts';
import type { MarkdownContext } from '../../../src/markdown/context.ts';

const context: MarkdownContext = { relativePath: 'guide/send.md', routes: new Map(), variables: new Map() };
const file = '/site/content/docs/guide/send.md';

/** A page with two code blocks (the second with a highlighted line), `prose` between its title and them. */
const page = (prose: string, { code = 'curl -X POST https://api.example/v1/envelopes', meta = '{2}' } = {}) =>
  `# Sending\n\n${prose}\n\n\`\`\`bash\n${code}\n\`\`\`\n\n\`\`\`json ${meta}\n{\n  "status": "sent"\n}\n\`\`\`\n`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'kept-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a render without kept blocks gives. */
const afresh = createMarkdownRenderer(loadHighlighter);

/** A render as a new build's thread does it: the blocks kept on disk by the build before, the highlighter loads counted. */
function nextBuild() {
  const loads = { count: 0 };
  const kept = new RenderCache<string>(dir, 100, textCodec);
  const render = createMarkdownRenderer(() => (loads.count++, loadHighlighter()), kept);
  return { loads, kept, render };
}

describe('code blocks kept between builds', () => {
  it('are reused for a page edited in its prose: the highlighter is not loaded, and the HTML is a render’s without them', async () => {
    const first = nextBuild();
    await first.render(page('Send an envelope.'), file, context);
    expect(first.loads.count).toBe(1);
    first.kept.close();

    const second = nextBuild();
    const edited = await second.render(page('Send an envelope to its signers.'), file, context);
    second.kept.close();
    expect(second.loads.count).toBe(0);
    expect(edited.html).toBe((await afresh(page('Send an envelope to its signers.'), file, context)).html);
    expect(edited.html).toContain('class="shiki"');
  });

  it.each([
    ['its code changed', { code: 'curl -X DELETE https://api.example/v1/envelopes/42' }],
    ['its highlighted lines changed', { meta: '{3}' }],
    ['its numbering changed', { meta: 'showLineNumbers=7' }],
  ])('are highlighted afresh where %s: a kept block never stands for another', async (_, change) => {
    const first = nextBuild();
    await first.render(page('Send an envelope.'), file, context);
    first.kept.close();

    const second = nextBuild();
    const edited = await second.render(page('Send an envelope.', change), file, context);
    second.kept.close();
    expect(second.loads.count).toBe(1);
    expect(edited.html).toBe((await afresh(page('Send an envelope.', change), file, context)).html);
  });
});
