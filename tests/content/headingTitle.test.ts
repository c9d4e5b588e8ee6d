import { describe, expect, it } from 'vitest';
import { headingTitle } from '../../src/content/headingTitle.ts';

describe('headingTitle', () => {
  it('finds the first `# ` heading wherever its line may start it', () => {
    expect(headingTitle('# Title\n')).toBe('Title');
    expect(headingTitle('Intro.\n\n   # Indented three\n')).toBe('Indented three');
    expect(headingTitle('Intro.\n\t# After a tab\n')).toBe('After a tab');
    expect(headingTitle('Intro.\r\n# Windows line\r\n')).toBe('Windows line');
    expect(headingTitle('Intro.\n#\tTabbed\n')).toBe('Tabbed');
    expect(headingTitle('```\n# not a title\n```\n# The [title](./x.md) `here`\n')).toBe('The title here');
  });

  it('finds none in a page without one: `## ` headings, `#` in text or code only', () => {
    expect(headingTitle('Body.\n\n## Section\n\nA #hashtag and C#.\n')).toBeUndefined();
    expect(headingTitle('```\n# comment\n```\n')).toBeUndefined();
    expect(headingTitle('    # indented four is code\n')).toBeUndefined();
    expect(headingTitle('')).toBeUndefined();
  });
});
