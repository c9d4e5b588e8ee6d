import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../renderMarkdown.ts';
import { loadHighlighter } from '../../../src/markdown/highlighter.ts';

/**
 * Loading a whole language loads the ones its grammar embeds (PHP: JSON, HTML, SQL…), as a PHP block
 * that enters HTML (a heredoc) does (embeddedGrammars.ts). Such a language still gets the line token cache:
 * GitHub's reference loads PHP for its samples first, and its JSON examples were tokenized line by
 * line again in that thread (~1 s CPU).
 */
describe('rehypeHighlightCode', () => {
  it("caches the lines of a language first loaded as another's dependency", async () => {
    const highlighter = await loadHighlighter();
    expect(highlighter.getLoadedLanguages()).not.toContain('json');
    await renderMarkdown('```php\n<?php\n$page = <<<HTML\n<div class="x">html</div>\nHTML;\n```\n');
    expect(highlighter.getLoadedLanguages()).toContain('json');
    // The tokenizer as the cache finds it, counted: what the cache does not answer.
    const json = highlighter.getLanguage('json') as unknown as { tokenizeLine2: (...args: unknown[]) => unknown };
    const tokenize = json.tokenizeLine2.bind(json);
    let tokenized = 0;
    json.tokenizeLine2 = (...args) => (tokenized++, tokenize(...args));
    const example = '```json\n{\n  "id": 1,\n  "tags": ["a", "b"]\n}\n```\n';
    const first = await renderMarkdown(example);
    expect(tokenized).toBeGreaterThan(0);
    const lines = tokenized;
    expect(await renderMarkdown(example)).toEqual(first);
    expect(tokenized).toBe(lines);
  });
});
