import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanPath } from '../../src/client/navigation/cleanPath.ts';
import { decodePath } from '../../src/serve/createServer.ts';

const segment = fc.oneof(
  fc.constantFrom(
    'docs',
    'faq',
    'index.html',
    'faq.html',
    '..',
    '.',
    '%2e%2e',
    '%252e%252e',
    '..%5c',
    '%00',
    'a b',
    '%',
    '%zz',
    'é',
  ),
  fc.string({ maxLength: 6 }),
);
const pathname = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`);

describe('URL normaliser (property)', () => {
  it('cleanPath is idempotent, and leaves no .html ending but the not-found page', () => {
    fc.assert(
      fc.property(pathname, (input) => {
        const clean = cleanPath(input);
        expect(cleanPath(clean)).toBe(clean);
        if (clean !== '/404.html') expect(clean.endsWith('.html')).toBe(false);
        if (input.endsWith('.html') && input !== '/404.html') expect(clean.endsWith('/')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('decodePath never throws and never lets a path leave the site', () => {
    fc.assert(
      fc.property(pathname, (input) => {
        const decoded = decodePath(input);
        if (decoded === undefined) return;
        expect(decoded.split(/[\\/]/)).not.toContain('..');
        expect(decoded).not.toContain('\0');
        let fully = decoded;
        for (let i = 0; i < 3; i++)
          fully = (() => {
            try {
              return decodeURIComponent(fully);
            } catch {
              return fully;
            }
          })();
        expect(fully.split(/[\\/]/)).not.toContain('..');
      }),
      { numRuns: 2000 },
    );
  });
});
