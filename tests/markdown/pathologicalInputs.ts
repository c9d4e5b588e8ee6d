/**
 * cmark's pathological inputs (the cases of commonmark/cmark's `test/pathological_tests.py`, at
 * its sizes), written anew as generators, and the ones docsgen's issue #30 found on top. Each is
 * a Markdown page some parser took time or memory for that grew faster than the page.
 */
export const pathologicalInputs: Record<string, () => string> = {
  'nested strong emph': () => `${'*a **a '.repeat(32_500)}b${' a** a*'.repeat(32_500)}`,
  'many emph closers with no openers': () => 'a_ '.repeat(32_500),
  'many emph openers with no closers': () => '_a '.repeat(32_500),
  'many link closers with no openers': () => 'a]'.repeat(32_500),
  'many link openers with no closers': () => '[a'.repeat(32_500),
  'mismatched openers and closers': () => '*a_ '.repeat(25_000),
  'issue #389': () => '*a '.repeat(20_000) + '_a*_ '.repeat(20_000),
  'openers and closers multiple of 3': () => `a**b${'c* '.repeat(25_000)}`,
  'link openers and emph closers': () => '[ a_'.repeat(25_000),
  'pattern [ (]( repeated': () => '[ (]('.repeat(40_000),
  'pattern ![[]() repeated': () => '![[]()'.repeat(160_000),
  'hard link/emph case': () => '**x [a*b**c*](d)',
  'nested brackets': () => `${'['.repeat(25_000)}a${']'.repeat(25_000)}`,
  'nested block quotes': () => `${'> '.repeat(25_000)}a`,
  'deeply nested lists': () => Array.from({ length: 500 }, (_, level) => `${'  '.repeat(level)}* a\n`).join(''),
  'U+0000 in input': () => 'abc\u0000de\u0000',
  backticks: () => Array.from({ length: 2_499 }, (_, i) => `e${'`'.repeat(i + 1)}`).join(''),
  'unclosed links A': () => '[a](<b'.repeat(30_000),
  'unclosed links B': () => '[a](b'.repeat(30_000),
  'unclosed <!--': () => `</${'<!--'.repeat(300_000)}`,
  'empty lines in deeply nested lists': () => `${'- '.repeat(30_000)}x${'\n'.repeat(30_000)}`,
  'empty lines in deeply nested lists in blockquote': () => `> ${'- '.repeat(30_000)}x\n${'>\n'.repeat(30_000)}`,
  'emph in deep blockquote': () => `${'>'.repeat(100_000)}${'a*'.repeat(100_000)}`,
  'reference collisions': () => referenceCollisions(),
  'nested inlines': () => `${'*'.repeat(20_000)}a${'*'.repeat(20_000)}`,
  // Found by issue #30 beyond cmark's set.
  'nested images': () => `${'!['.repeat(4_000)}a${'](u)'.repeat(4_000)}`,
  'pattern [ (]( repeated 80,000 times': () => '[ (]('.repeat(80_000),
  'unclosed <!-- 40,000 times': () => `</${'<!--'.repeat(40_000)}`,
  'nested brackets 50,000 deep': () => `${'['.repeat(50_000)}a${']'.repeat(50_000)}`,
  'link closers 65,000 times': () => 'a]'.repeat(65_000),
  '20,000 footnotes': () =>
    Array.from({ length: 20_000 }, (_, i) => `Text[^n${i}]\n\n[^n${i}]: Note ${i}.\n`).join('\n'),
  'a table of 100,000 rows': () =>
    `| a | b |\n|---|---|\n${Array.from({ length: 100_000 }, (_, i) => `| ${i} | x |\n`).join('')}`,
  'a 10 MB line': () => 'word '.repeat(2_000_000),
};

/**
 * cmark's "reference collisions": 25,000 link reference definitions whose labels collide in its
 * hash table of 16 buckets, each followed by a reference to the first. The same labels here.
 */
function referenceCollisions(): string {
  const collides = (label: string) => {
    let hash = 0;
    for (const char of label) hash = (char.charCodeAt(0) + ((hash << 6) >>> 0) + ((hash << 16) >>> 0) - hash) >>> 0;
    return hash % 16 === 0;
  };
  const labels: string[] = [];
  for (let i = 0; labels.length < 25_000; i++) if (collides(`x${i}`)) labels.push(`x${i}`);
  const [first, ...rest] = labels;
  return rest.map((label) => `[${label}]: /url\n\n[${first}]\n\n`).join('');
}
