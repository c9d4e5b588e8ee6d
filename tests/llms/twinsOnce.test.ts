import { describe, expect, it } from 'vitest';
import { markdownTwin, type TwinContext, type TwinPage } from '../../src/llms/markdownTwin.ts';
import { twinMadeFrom, twinOf, twinWritten } from '../../src/llms/twinsOnce.ts';

const context = (overrides: Partial<TwinContext> = {}): TwinContext => ({
  siteUrl: 'https://docs.example/',
  variables: new Map([['product', 'Acme Sign']]),
  routes: new Map([
    ['intro.md', '/docs/intro/'],
    ['guide/step.md', '/docs/guide/step/'],
  ]),
  images: new Map(),
  ...overrides,
});

const page = (overrides: Partial<TwinPage> = {}): TwinPage => ({
  route: '/docs/intro/',
  title: 'Introduction',
  markdown: '\nUse {{product}}: see [the step](./guide/step.md).\n',
  relativePath: 'intro.md',
  ...overrides,
});

// twinOf keeps a page's twin from its first making (llms-full.txt) for its second (the twin's own
// file): what it gives must be what markdownTwin makes of the page and context asked for, never
// a twin made from an earlier page or another context.
describe('twinOf', () => {
  it('gives markdownTwin’s text, the first time and the second (another job’s context of the same site)', () => {
    const expected = markdownTwin(page(), context());
    expect(twinOf(page(), context())).toBe(expected);
    expect(twinOf(page(), context())).toBe(expected);
    expect(expected).toContain('Use Acme Sign: see [the step](https://docs.example/docs/guide/step/).');
  });

  it('makes the twin again when the page changed (a save in the dev server)', () => {
    twinOf(page(), context());
    for (const changed of [
      { markdown: '\nEdited: {{product}}.\n' },
      { title: 'Another title', markdown: 'No heading of its own.\n' },
      { relativePath: 'guide/intro.md' },
      { generated: '## API changes\n' },
    ])
      expect(twinOf(page(changed), context())).toBe(markdownTwin(page(changed), context()));
  });

  it('makes the twin again when the context differs: variables, routes, images, site URL', () => {
    twinOf(page(), context());
    for (const other of [
      { variables: new Map([['product', 'Other Sign']]) },
      { routes: new Map([['guide/step.md', '/docs/guide/moved/']]) },
      { images: new Map([['guide/x.png', '/assets/x-1.png']]) },
      { siteUrl: 'https://other.example/' },
    ])
      expect(twinOf(page(), context(other))).toBe(markdownTwin(page(), context(other)));
  });

  it('gives markdownTwin’s text once the page’s own file is written, when asked again (llms-full.txt after the twin)', () => {
    const edited = page({ route: '/docs/written/', markdown: '\nWritten first.\n' });
    twinWritten(edited, context());
    expect(twinOf(edited, context())).toBe(markdownTwin(edited, context()));
    expect(twinOf(edited, context())).toBe(markdownTwin(edited, context()));
  });
});

// What a twin is made from names its kept file: it must change with everything the twin is made from.
describe('twinMadeFrom', () => {
  it('is the same for the same page and context, and differs when the page or the context differs', () => {
    const same = twinMadeFrom(page(), context());
    expect(twinMadeFrom(page(), context())).toBe(same);
    const others = [
      twinMadeFrom(page({ markdown: '\nEdited: {{product}}.\n' }), context()),
      twinMadeFrom(page({ title: 'Another title' }), context()),
      twinMadeFrom(page({ relativePath: 'guide/intro.md' }), context()),
      twinMadeFrom(page({ generated: '## API changes\n' }), context()),
      twinMadeFrom(page(), context({ variables: new Map([['product', 'Other Sign']]) })),
      twinMadeFrom(page(), context({ routes: new Map([['guide/step.md', '/docs/guide/moved/']]) })),
      twinMadeFrom(page(), context({ images: new Map([['guide/x.png', '/assets/x-1.png']]) })),
      twinMadeFrom(page(), context({ siteUrl: 'https://other.example/' })),
    ];
    expect(new Set([same, ...others]).size).toBe(others.length + 1);
  });
});
