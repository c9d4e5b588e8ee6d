import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const docsDir = fileURLToPath(new URL('../../content/docs/', import.meta.url));

/**
 * A rule written out on several pages drifts apart when one copy is edited, so each of these lives on
 * one page and the others link to it (content/docs/api.md#error-codes, #rate-limits, #validation-rules).
 */
const rules = [
  { rule: 'the include error message', pattern: /Invalid include parameters/, home: 'api.md' },
  { rule: 'the default rate limits', pattern: /2,000 other requests/, home: 'api.md' },
  // The key lengths however they are written: "2–20", "2 to 12", "shorter than 2 or longer than 20".
  { rule: 'the key lengths', pattern: /\b2\s*(?:–|-|to|and)\s*(?:12|20)\b|shorter than 2\b|longer than (?:12|20)\b/, home: 'api.md' },
];

const pages = readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({ name, text: readFileSync(join(docsDir, name), 'utf8') }));

describe('rules stated once, where they belong', () => {
  it.each(rules)('$rule appears only in $home', ({ pattern, home }) => {
    expect(pages.filter((page) => pattern.test(page.text)).map((page) => page.name)).toEqual([home]);
  });
});
