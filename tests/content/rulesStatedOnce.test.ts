import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const docsDir = fileURLToPath(new URL('../../content/docs/', import.meta.url));
const openapiFile = fileURLToPath(new URL('../../openapi/esignature-api.yaml', import.meta.url));

interface Rule {
  rule: string;
  /** The page that states the rule; every other page links to it. */
  home: string;
  states: (text: string) => boolean;
}

const matches = (pattern: RegExp) => (text: string) => pattern.test(text);

const testRecipients = /\bverified (?:email )?(?:address|user)/i;

/** A table with a row for each status of the status table, however its cells are worded. */
const statusTable = (text: string): boolean =>
  ['400', '401', '403', '404', '409', '429'].every((status) => new RegExp(`^\\|\\s*\`${status}[\` ]`, 'm').test(text));

/**
 * A rule written out on several pages drifts apart when one copy is edited, so each of these lives on
 * one page and the others link to it.
 */
const rules: Rule[] = [
  { rule: 'the include error message', home: 'api.md', states: matches(/Invalid include parameters/) },
  { rule: 'the default rate limits', home: 'api.md', states: matches(/2,000 other requests/) },
  // The key lengths however they are written: "2–20", "2 to 12", "shorter than 2 or longer than 20".
  {
    rule: 'the key lengths',
    home: 'api.md',
    states: matches(/\b2\s*(?:–|-|to|and)\s*(?:12|20)\b|shorter than 2\b|longer than (?:12|20)\b/),
  },
  // Who may receive a test bundle, in prose or in a code comment ("test bundles go only to verified users").
  {
    rule: 'the test-recipient rule',
    home: 'esignature-api/authentication.md',
    states: matches(testRecipients),
  },
  {
    rule: 'that x-next may be a relative link',
    home: 'esignature-api/pagination.md',
    states: matches(
      /x-next[^\n]{0,100}\brelative\b|\brelative\b[^\n]{0,100}x-next|relative link|may be relative|absolute or relative/i,
    ),
  },
  // The listBundles filters: only pagination.md spells out the date suffixes.
  { rule: 'the bundle filters', home: 'esignature-api/pagination.md', states: matches(/`_after`|`_before`/) },
  { rule: 'the status table', home: 'api.md', states: statusTable },
];

/** The JSON pointers of every `description` in `node` whose text matches `pattern`. */
function descriptionsStating(node: unknown, pattern: RegExp, pointer = ''): string[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const at = `${pointer}/${key}`;
    if (key === 'description' && typeof value === 'string') return pattern.test(value) ? [at] : [];
    return descriptionsStating(value, pattern, at);
  });
}

const pages = readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({ name, text: readFileSync(join(docsDir, name), 'utf8') }));

describe('rules stated once, where they belong', () => {
  it.each(rules)('$rule appears only in $home', ({ states, home }) => {
    expect(pages.filter((page) => states(page.text)).map((page) => page.name)).toEqual([home]);
  });

  it('the test-recipient rule appears in the OpenAPI file only in the description of is_test', () => {
    expect(descriptionsStating(load(readFileSync(openapiFile, 'utf8')), testRecipients)).toEqual([
      '/components/schemas/BundleRequest/properties/is_test/description',
    ]);
  });
});
