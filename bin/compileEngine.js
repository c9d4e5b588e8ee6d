// Compiles the engine's TypeScript (src/, templates/, bench/) to one ESM bundle with esbuild and
// imports it. The bundle is cached under node_modules/.cache by the sources' sizes and mtimes,
// so a start costs a stat of each source file, not a TypeScript loader on every import.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dependencyVersions } from './dependencyVersions.js';
import { contentFingerprint } from './engineFingerprint.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceDirs = ['src', 'templates', 'bench'];

function sourceFingerprint(dependencies) {
  const hash = createHash('sha256');
  for (const dir of sourceDirs) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    const files = readdirSync(full, { recursive: true, withFileTypes: true })
      // Every file of src/ and templates/ (the bundle's fingerprint below reads them all); bench's code.
      .filter((entry) => entry.isFile() && (dir !== 'bench' || /\.(tsx?|css)$/.test(entry.name)))
      .map((entry) => path.join(entry.parentPath, entry.name));
    // In code-unit order: sorting by the locale's collation (localeCompare) was 5 of the 14 ms this took at every start.
    for (const file of files.sort()) {
      const info = statSync(file);
      hash.update(`${file}\0${info.size}\0${info.mtimeMs}\n`);
    }
  }
  hash.update(JSON.stringify(process.versions.node));
  // How the engine is compiled (this file) and what it bundles (the installed dependencies).
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(dependencies.join('\n'));
  return hash.digest('hex').slice(0, 16);
}

const bundledExternals = [
  'esbuild',
  'shiki',
  'shiki/*',
  '@shikijs/*',
  'algoliasearch',
  'algoliasearch/*',
  '@algolia/*',
  'chokidar',
  'playwright-core',
  'lighthouse',
  'chrome-launcher',
  'autocannon',
];

// gray-matter requires js-yaml 3 for the YAML engine it defaults to, and js-yaml 3 requires esprima
// at run time (out of the bundle's reach): ~20 ms of CPU at every start for code that never runs,
// since the engine gives gray-matter its own YAML engine (src/content/frontMatter.ts). In the
// bundle, gray-matter's js-yaml is the engine's own js-yaml 4, which it only binds a name of.
const grayMatterYaml = {
  name: 'gray-matter-yaml',
  setup(build) {
    build.onResolve({ filter: /^js-yaml$/ }, (args) =>
      args.importer.includes(`${path.sep}gray-matter${path.sep}`)
        ? build.resolve('js-yaml', { kind: 'import-statement', resolveDir: root })
        : undefined,
    );
  },
};

// zod re-exports its 50 locales as a namespace (`export * as locales`, in its classic and core
// entries), which esbuild cannot tree-shake: 366 KB of the bundle, parsed at every start, for
// messages the engine never shows (it reports in English, zod's default). The namespace holds `en` alone.
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: path.resolve(args.resolveDir, '../locales/en.js'), namespace: 'zod-english-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
    }));
  },
};

// mdast-util-from-markdown's compiler makes a new context object for every event it hands to a
// handler, a copy of its eight fields with the event's `sliceSerialize` (a page of the varied bench
// corpus has ~1,170 events: garbage at once). The fix gives every handler of a page one context and
// sets `sliceSerialize` before each event. Its handlers, and those of the extensions the engine uses,
// read `this` while they run and keep none of it (the trees are the same: tests/markdown/
// markdownParserFixes.test.ts). Given to a file of the locked shape only; another keeps its own.
// 1,000 varied pages, cold: CPU 0.979 (0.83-1.12), peak 506 -> 482 MiB (pairs, n=5, busy machine).
const fromMarkdownEventLoop = `    while (++index < events.length) {
      const handler = config[events[index][0]];
      if (events[index][0] === 'enter' && config.beforeEnter.length > 0) {
        callListeners(config.beforeEnter, {
          ...context,
          sliceSerialize: events[index][2].sliceSerialize
        }, events[index][1]);
      }
      if (own.call(handler, events[index][1].type)) {
        // Note: spread first, V8 has optimizations for object shape cloning.
        handler[events[index][1].type].call({
          ...context,
          sliceSerialize: events[index][2].sliceSerialize
        }, events[index][1]);
      }
      if (events[index][0] === 'exit' && config.afterExit.length > 0) {
        callListeners(config.afterExit, {
          ...context,
          sliceSerialize: events[index][2].sliceSerialize
        }, events[index][1]);
      }
    }
`;
const fromMarkdownSharedContext = `    const eventContext = { ...context, sliceSerialize: undefined };
    while (++index < events.length) {
      const event = events[index];
      const handler = config[event[0]];
      eventContext.sliceSerialize = event[2].sliceSerialize;
      if (event[0] === 'enter' && config.beforeEnter.length > 0) {
        callListeners(config.beforeEnter, eventContext, event[1]);
      }
      if (own.call(handler, event[1].type)) {
        handler[event[1].type].call(eventContext, event[1]);
      }
      if (event[0] === 'exit' && config.afterExit.length > 0) {
        callListeners(config.afterExit, eventContext, event[1]);
      }
    }
`;
// micromark's subtokenize (run over a page's events until no content is left to tokenize) keeps
// where each tokenized content's events end in a plain object keyed by event index, and merges
// each content's jumps into it with Object.assign: integer keys in the thousands make both
// dictionary-mode objects, and the merge takes V8's slow path. A table cell is a content of its
// own (~800 a page of the bench's tables corpus), so on tables this was the parser's hottest
// function. A Map of the same jumps, set in place: the events, and so the trees, are the same
// (tests/markdown/markdownParserFixes.test.ts). Each replacement must match once, or the file keeps its own.
const subtokenizeJumpsInMap = [
  ['  const jumps = {};\n', '  const jumps = new Map();\n'],
  [
    '    while (index in jumps) {\n      index = jumps[index];\n    }\n',
    '    while (jumps.has(index)) {\n      index = jumps.get(index);\n    }\n',
  ],
  [
    '        Object.assign(jumps, subcontent(events, index));\n        index = jumps[index];\n',
    '        subcontent(events, index, jumps);\n        index = jumps.get(index);\n',
  ],
  ['function subcontent(events, eventIndex) {\n', 'function subcontent(events, eventIndex, gaps) {\n'],
  ['  /** @type {Record<string, number>} */\n  const gaps = {};\n', ''],
  [
    '    gaps[adjust + jumps[index][0]] = adjust + jumps[index][1];\n',
    '    gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);\n',
  ],
  ['  }\n  return gaps;\n}', '  }\n}'],
];

/** `source` with each `[from, to]` replaced, when each `from` occurs exactly once; else undefined. */
const replacedOnce = (source, replacements) =>
  replacements.every(([from]) => source.split(from).length === 2)
    ? replacements.reduce((text, [from, to]) => text.replace(from, () => to), source)
    : undefined;

export const markdownParserFixes = {
  'mdast-util-from-markdown/lib/index.js': (source) =>
    source.split(fromMarkdownEventLoop).length === 2
      ? source.replace(fromMarkdownEventLoop, fromMarkdownSharedContext)
      : undefined,
  'micromark-util-subtokenize/index.js': (source) => replacedOnce(source, subtokenizeJumpsInMap),
};

export const markdownParserFixesPlugin = {
  name: 'markdown-parser-fixes',
  setup(build) {
    for (const file of Object.keys(markdownParserFixes)) {
      const filter = new RegExp(`[\\\\/]${file.replace(/\./g, '\\.').replace(/\//g, '[\\\\/]')}$`);
      build.onLoad({ filter }, (args) => {
        const contents = markdownParserFixes[file](readFileSync(args.path, 'utf8'));
        return contents ? { contents, resolveDir: path.dirname(args.path) } : undefined;
      });
    }
  },
};

/**
 * Builds (if needed) and returns the file URL of the compiled entry point `entry` (e.g.
 * 'src/cli/main.ts'). `alone`: that entry only, in a folder of its own, its errors thrown and not
 * printed: the dev server compiling the theme again after an edit, which needs no render threads
 * and no CLI (half the work), and shows a mistake in its overlay.
 */
export async function compiledEntry(entry, { alone = false } = {}) {
  const dependencies = dependencyVersions(root);
  const fingerprint = sourceFingerprint(dependencies);
  const folder = alone
    ? `engine-${fingerprint}-${path.basename(entry).replace(/\.tsx?$/, '')}`
    : `engine-${fingerprint}`;
  const outDir = path.join(root, 'node_modules', '.cache', 'docsgen', folder);
  const name = entry.replace(/\.(tsx?)$/, '.mjs');
  const outFile = path.join(outDir, name);
  if (!existsSync(outFile)) {
    const esbuild = await import('esbuild');
    const staging = `${outDir}.${process.pid}.tmp`;
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: alone
        ? [entry]
        : [
            'src/cli/main.ts',
            'src/build/buildWorker.ts',
            'src/build/renderWorker.ts',
            'src/openapi/descriptionFilesWorker.ts',
            'src/openapi/validateWorker.ts',
            'src/search/searchIndexWorker.ts',
            'src/serve/devSite.ts',
            'bench/run.ts',
          ].filter((file) => existsSync(path.join(root, file))),
      outdir: staging,
      outbase: root,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Dependencies are bundled in: one file to parse instead of ~400 small modules to resolve
      // saves ~0.3 s on every start and on every render thread. Left out: native code (esbuild),
      // packages that load files next to themselves (Shiki's grammars and WebAssembly), and the
      // large ones only some commands import (Algolia, the bench's tools). Redocly is bundled into
      // chunks of its own, loaded when a cold build needs it: its import took 0.32 s of CPU from
      // ~230 ES modules, 0.13 s bundled.
      external: bundledExternals,
      plugins: [grayMatterYaml, zodEnglishOnly, markdownParserFixesPlugin],
      banner: {
        js: "import { createRequire as __engineRequire } from 'node:module'; const require = __engineRequire(import.meta.url);",
      },
      jsx: 'automatic',
      // The engine runs React's production build (bin/docsgen.js sets NODE_ENV); defined here, the
      // development builds of react-dom/server (about 0.8 MB) drop out of the bundle every thread parses.
      // The engine's cache fingerprint (src/cache/engineFingerprint.ts), from these sources' content
      // (the theme compiled alone does not need it).
      define: {
        'process.env.NODE_ENV': '"production"',
        ...(alone ? {} : { __DOCSGEN_ENGINE_FINGERPRINT__: JSON.stringify(contentFingerprint(root, dependencies)) }),
      },
      // Maps beside the chunks, read only when Node runs with --enable-source-maps.
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: alone ? 'silent' : 'warning',
    });
    mkdirSync(path.dirname(outDir), { recursive: true });
    try {
      renameSync(staging, outDir);
    } catch (error) {
      // Another process compiled the same fingerprint first; its bundle is identical, and this one goes.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(outFile)) throw error;
    }
  }
  if (alone) return pathToFileURL(outFile).href;
  // Worker threads load their entry from the same compiled folder.
  process.env.DOCSGEN_ENGINE_DIR = outDir;
  process.env.DOCSGEN_ENGINE_ROOT = root;
  return pathToFileURL(outFile).href;
}
