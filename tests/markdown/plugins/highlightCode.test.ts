import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../renderMarkdown.ts';

/** Names that a plain-object lookup would find on Object.prototype. */
const prototypeNames = ['constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf'];

describe('rehypeHighlightCode and code tabs: a fence language is only ever a name', () => {
  it.each(prototypeNames)('renders a ```%s fence as plain text labelled by its name', async (name) => {
    const { html } = await renderMarkdown(`\`\`\`${name} title=t ${name}=1\nx < 1\n\`\`\`\n`);
    expect(html).toBe(
      `<figure class="code-block" data-language="${name.toLowerCase()}"><figcaption class="code-block__title">t</figcaption>` +
        '<pre class="shiki" tabindex="0"><code><span class="line"><span>x &#x3C; 1</span></span></code></pre>' +
        '<button type="button" class="code-block__copy" aria-label="Copy code to clipboard" title="Copy"></button></figure>',
    );
  });

  it.each(prototypeNames)('labels a ```%s tab by its name', async (name) => {
    const { html } = await renderMarkdown(`:::code-tabs\n\`\`\`${name}\nx\n\`\`\`\n:::\n`);
    expect(html).toContain(`data-label="${name}" class="tabs__tab">${name}</button>`);
    expect(html).not.toMatch(/native code|\[object Object\]/);
  });

  // A directive's name starts with a letter: `:::__proto__` is plain text.
  it.each(prototypeNames.filter((name) => /^[a-z]/i.test(name)))(
    'refuses a :::%s directive as unknown',
    async (name) => {
      await expect(renderMarkdown(`:::${name}\nx\n:::\n`)).rejects.toThrow(`unknown directive ":::${name}"`);
    },
  );
});
