import { describe, expect, it } from 'vitest';
import { createRouteMatcher, routeCacheLimit } from '../../src/client/navigation/routeMatcher.ts';
import { cleanPath } from '../../src/client/navigation/cleanPath.ts';

describe('route matching (navigation runtime)', () => {
  const routes = ['/', '/docs/faq/', '/docs/esignature-api/', '/docs/esignature-api/webhook/'];

  it('matches pages by their clean path, with or without the trailing slash or .html', () => {
    const { match } = createRouteMatcher(routes);
    expect(match('/docs/faq/')).toBe('/docs/faq/');
    expect(match('/docs/faq')).toBe('/docs/faq/');
    expect(match('/docs/faq.html')).toBe('/docs/faq/');
    expect(match('/docs/faq/index.html')).toBe('/docs/faq/');
    expect(match('/index.html')).toBe('/');
    expect(match('/docs/esignature-api/webhook.html')).toBe('/docs/esignature-api/webhook/');
    expect(match('/docs/missing/')).toBeUndefined();
    expect(match('/api/esignature-api.yaml')).toBeUndefined();
    expect(match('/404.html')).toBeUndefined();
    expect(match('/docs/%E0%A4%A')).toBeUndefined();
  });

  it('matches a route whose file name holds a space or non-ASCII letters, however the browser escapes it', () => {
    // routes.json lists routes escaped, as links carry them; the browser's path may be either.
    const { match } = createRouteMatcher(['/docs/a%20b/', '/docs/caf%C3%A9/']);
    expect(match('/docs/a%20b/')).toBe('/docs/a%20b/');
    expect(match('/docs/a b')).toBe('/docs/a%20b/');
    expect(match('/docs/caf%C3%A9/')).toBe('/docs/caf%C3%A9/');
    expect(match('/docs/café.html')).toBe('/docs/caf%C3%A9/');
  });

  it('remembers at most 10000 answers, dropping the oldest first', () => {
    expect(routeCacheLimit).toBe(10_000);
    const matcher = createRouteMatcher(routes);
    for (let index = 0; index < routeCacheLimit + 50; index++) matcher.match(`/docs/page-${index}/`);
    expect(matcher.cacheSize).toBe(routeCacheLimit);
    const small = createRouteMatcher(routes, 2);
    small.match('/docs/faq/');
    small.match('/docs/faq');
    small.match('/');
    expect(small.cacheSize).toBe(2);
    expect(small.match('/docs/faq/')).toBe('/docs/faq/');
  });

  it('normalises .html paths as the server does', () => {
    expect(cleanPath('/docs/faq.html')).toBe('/docs/faq/');
    expect(cleanPath('/docs/index.html')).toBe('/docs/');
    expect(cleanPath('/404.html')).toBe('/404.html');
    expect(cleanPath('/docs/faq/')).toBe('/docs/faq/');
  });
});
