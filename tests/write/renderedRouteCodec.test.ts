import { describe, expect, it } from 'vitest';
import { renderedRouteCodec, type RenderedRoute } from '../../src/write/renderedRoute.ts';
import { contentDigest } from '../../src/write/keptOutput.ts';

// A route taken from the cache is written by the digest kept with it (the output writer links the
// last build's file of that digest): the digest kept must be its content's.
describe('a rendered route in the cache', () => {
  it('keeps its content’s digest, worked out once, for the route rendered and the one read back', () => {
    const route: RenderedRoute = { route: '/docs/a/', content: '<p>Ünïcode, 50 KB of it in a real page</p>' };
    const decoded = renderedRouteCodec.decode(renderedRouteCodec.encode(route));
    expect(route.digest).toBe(contentDigest('<p>Ünïcode, 50 KB of it in a real page</p>'));
    expect(decoded.digest).toBe(route.digest);
    expect(Buffer.from(decoded.content).toString('utf8')).toBe('<p>Ünïcode, 50 KB of it in a real page</p>');
  });

  it('keeps the digest of bytes as it does of their text', () => {
    const bytes = Buffer.from('<p>same</p>');
    const decoded = renderedRouteCodec.decode(renderedRouteCodec.encode({ route: '/x/', content: bytes }));
    expect(decoded.digest).toBe(contentDigest('<p>same</p>'));
  });
});
