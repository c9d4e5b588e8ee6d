import { describe, expect, it } from 'vitest';
import { encodePath, withBase } from '../../src/model/paths.ts';

describe('site paths as links carry them', () => {
  it('escapes what a URL path cannot carry, under any base, and leaves other URLs alone', () => {
    expect(withBase('/', '/docs/a b/')).toBe('/docs/a%20b/');
    expect(withBase('/acme/', '/docs/café/')).toBe('/acme/docs/caf%C3%A9/');
    expect(withBase('/', '/docs/"<x>`{|}^[]\\/')).toBe('/docs/%22%3Cx%3E%60%7B%7C%7D%5E%5B%5D%5C/');
    expect(withBase('/', '/docs/𝄞/')).toBe('/docs/%F0%9D%84%9E/');
    expect(withBase('/', '/docs/\ud800/')).toBe('/docs/%EF%BF%BD/');
    expect(withBase('/', 'https://example.com/a b')).toBe('https://example.com/a b');
    expect(withBase('/', '#a b')).toBe('#a b');
  });

  it('escapes the path only, and never twice', () => {
    expect(encodePath('/search/?q=a b#r é')).toBe('/search/?q=a b#r é');
    expect(encodePath('/img/a%20b.png')).toBe('/img/a%20b.png');
    for (const sitePath of ['/docs/a b/', '/docs/café/#résumé', "/docs/a;b,c:d@e&f=g+h$i!j~k*l'm(n)o/"]) {
      expect(encodePath(encodePath(sitePath))).toBe(encodePath(sitePath));
      expect(decodeURI(encodePath(sitePath))).toBe(sitePath);
    }
  });
});
