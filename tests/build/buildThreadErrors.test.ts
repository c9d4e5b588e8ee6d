import { describe, expect, it } from 'vitest';
import { DocsgenError, DocsgenErrors, fromThrownValue, thrownValue, UsageError } from '../../src/errors.ts';

/** What the build's thread throws, through a message (structuredClone is the algorithm postMessage uses). */
const acrossThreads = (error: unknown) => fromThrownValue(structuredClone(thrownValue(error)));

describe("errors from the build's thread", () => {
  it('keep each located error of a DocsgenErrors and its summary', () => {
    const errors = new DocsgenErrors(
      [
        new DocsgenError('unknown key', { file: '/site/docs/a.md', line: 2, column: 1 }, 'colour: red'),
        new DocsgenError('broken link', { file: '/site/docs/b.md', line: 9 }),
      ],
      '2 errors in 2 pages',
    );
    const received = acrossThreads(errors);
    expect(received).toBeInstanceOf(DocsgenErrors);
    expect((received as DocsgenErrors).summary).toBe('2 errors in 2 pages');
    expect((received as DocsgenErrors).format('/site')).toBe(errors.format('/site'));
  });

  it('keep one located error as itself', () => {
    const error = new DocsgenError('bad front matter', { file: '/site/docs/a.md', line: 1, column: 5 }, '---x');
    const received = acrossThreads(error);
    expect(received).toBeInstanceOf(DocsgenError);
    expect(received).not.toBeInstanceOf(DocsgenErrors);
    expect((received as DocsgenError).format('/site')).toBe('docs/a.md:1:5: bad front matter\n    ---x');
  });

  it('keep a usage error a usage error (exit code 2), and any other error its message and stack', () => {
    const usage = acrossThreads(new UsageError('--out . would replace the project'));
    expect(usage).toBeInstanceOf(UsageError);
    expect(usage.message).toBe('--out . would replace the project');
    const bug = new TypeError('x is undefined');
    const received = acrossThreads(bug);
    expect(received).not.toBeInstanceOf(DocsgenError);
    expect(received.message).toBe('x is undefined');
    expect(received.stack).toBe(bug.stack);
  });
});
