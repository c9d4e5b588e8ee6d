import type { Highlighter, RegexEngine } from 'shiki';
import { withScannerCache } from './scannerCache.ts';
import type { EmbedsOnDemand } from './embeddedGrammars.ts';

/**
 * Language names writers use that Shiki knows under another name. Maps and own-property checks,
 * not plain-object lookups: a fence named `constructor` or `__proto__` must not find Object's.
 */
const aliases = new Map([
  ['sh', 'bash'],
  ['shell', 'bash'],
  ['js', 'javascript'],
  ['ts', 'typescript'],
  ['py', 'python'],
  ['yml', 'yaml'],
]);

/** A fence's language as Shiki knows it (`js` → `javascript`), lower-cased. */
export function canonicalLanguage(language: string | undefined): string | undefined {
  const lower = language?.toLowerCase();
  return lower === undefined ? undefined : (aliases.get(lower) ?? lower);
}

/** Whether Shiki has a grammar for the language. */
export function isKnownLanguage(highlighter: Highlighter, language: string): boolean {
  return Object.hasOwn(highlighter.getBundledLanguages(), language);
}

let shared: Promise<Highlighter> | undefined;

/** Each shared highlighter's lean grammars (embeddedGrammars.ts). */
const embeds = new WeakMap<Highlighter, EmbedsOnDemand>();

/**
 * One Shiki highlighter per process, with no grammar loaded up front: each language is loaded
 * the first time a page uses it. The Oniguruma (WebAssembly) engine: measured on this site's
 * 171 content blocks it highlights cold in 1.4 s against 2.5 s for the JavaScript engine. Its
 * compiled scanners are kept by pattern list (scannerCache.ts). Shiki itself (about 40 modules)
 * and its themes are imported here, on the first page to highlight: a build whose pages all
 * come from the cache never loads them.
 */
export function loadHighlighter(): Promise<Highlighter> {
  shared ??= (async () => {
    const [
      { createHighlighter },
      { createOnigurumaEngine },
      { githubPaired },
      { EmbedsOnDemand },
      { cacheLineTokens },
    ] = await Promise.all([
      // Shiki's full bundle, not its main module: that one also loads the JavaScript RegExp engine
      // and its Oniguruma-to-JavaScript translator (oniguruma-to-es, oniguruma-parser, regex),
      // which this engine never uses.
      import('shiki/bundle/full'),
      import('shiki/engine/oniguruma'),
      import('./pairedTheme.ts'),
      import('./embeddedGrammars.ts'),
      import('./lineTokenCache.ts'),
    ]);
    const engine = createOnigurumaEngine(import('shiki/wasm')).then(withScannerCache);
    const create = (watch: (plain: RegexEngine) => RegexEngine = (plain) => plain) =>
      createHighlighter({ themes: [githubPaired.theme], langs: [], engine: engine.then(watch) });
    const highlighter = await create();
    embeds.set(highlighter, new EmbedsOnDemand(create, cacheLineTokens));
    return highlighter;
  })();
  return shared;
}

/** The lean grammars of a highlighter made by loadHighlighter (none for another). */
export function embedsOnDemand(highlighter: Highlighter): EmbedsOnDemand | undefined {
  return embeds.get(highlighter);
}
