import path from 'node:path';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { engineRoot } from '../engineRoot.ts';
import type { Plugin } from 'esbuild';
import { esbuildError } from '../esbuild/esbuildError.ts';
import pMap from 'p-map';
import { digestOf, seal, unsealJson } from '../cache/cacheIntegrity.ts';
import { makeCacheFolder } from '../cache/cacheFolder.ts';
import { replaceAside, writeAside } from '../fs/writeAside.ts';
import { filesAtOnce } from '../fs/filesAtOnce.ts';

/** `@import 'docsgen:code-colors'`: the colour classes of highlighted code (`css`, from the paired themes). */
const codeColors = (css: string): Plugin => ({
  name: 'docsgen-code-colors',
  setup(build) {
    build.onResolve({ filter: /^docsgen:code-colors$/ }, () => ({ path: 'code-colors.css', namespace: 'docsgen' }));
    build.onLoad({ filter: /.*/, namespace: 'docsgen' }, () => ({ contents: css, loader: 'css' }));
  },
});

/** What the bundle wrote into the output folder: the entry files' URLs and every file with its size. */
export interface BundledAssets {
  /** Site URLs of the entry files. */
  runtime: string;
  css: string;
  /** Every file written, relative to the output folder, with its size in bytes. */
  files: { path: string; bytes: number }[];
}

/**
 * The bundled assets, from `cacheDir` when a build under the same engine fingerprint made them
 * (they depend on nothing else: the theme and the runtime ship with the engine), else bundled
 * afresh and kept there.
 */
export async function bundleAssets(outDir: string, cacheDir?: string): Promise<BundledAssets> {
  if (!cacheDir) return bundleAssetsAfresh(outDir);
  const manifestFile = path.join(cacheDir, 'assets.json');
  const filesDir = path.join(cacheDir, 'assets-files');
  const cached = await readFile(manifestFile, 'utf8').then(
    (text) => unsealJson<CachedAssets>(text),
    () => undefined,
  );
  if (cached && (await restoreAssetFiles(cached, filesDir, outDir))) return cached.assets;
  const assets = await bundleAssetsAfresh(outDir);
  // Files first, each written aside and renamed into place, the manifest (with each file's
  // digest) last: a build reading the manifest finds every file it names, and checks each.
  const digests: Record<string, string> = {};
  for (const file of assets.files) digests[file.path] = digestOf(await readFile(path.join(outDir, file.path)));
  await copyAssetFiles(assets, outDir, filesDir);
  await writeAside(manifestFile, seal(JSON.stringify({ assets, digests } satisfies CachedAssets)));
  return assets;
}

interface CachedAssets {
  assets: BundledAssets;
  /** Each file's digest: a cached bundle that was damaged or removed is bundled afresh. */
  digests: Record<string, string>;
}

/** Copies the cached files into `outDir` when every one is there and verifies; false otherwise. */
async function restoreAssetFiles({ assets, digests }: CachedAssets, fromDir: string, outDir: string): Promise<boolean> {
  const contents = await pMap(assets.files, (file) => readFile(path.join(fromDir, file.path)).catch(() => undefined), {
    concurrency: filesAtOnce,
  });
  if (contents.some((bytes, i) => bytes === undefined || digestOf(bytes) !== digests[assets.files[i].path]))
    return false;
  await writeInPlace(assets.files.map((file, i) => ({ path: path.join(outDir, file.path), contents: contents[i]! })));
  return true;
}

/**
 * Writes each file aside and renames it into place: a dev server serving the folder (a page
 * open in the browser names these files) never sends half a file, nor a missing one, while the
 * same files are written again.
 */
async function writeInPlace(files: { path: string; contents: Uint8Array }[]): Promise<void> {
  for (const dir of new Set(files.map((file) => path.dirname(file.path)))) await mkdir(dir, { recursive: true });
  await pMap(files, (file) => writeAside(file.path, file.contents), { concurrency: filesAtOnce });
}

/** Each file written aside and renamed into place, so concurrent builds never read half a file. */
async function copyAssetFiles(assets: BundledAssets, fromDir: string, toDir: string): Promise<void> {
  const dirs = new Set(assets.files.map((file) => path.dirname(path.join(toDir, file.path))));
  for (const dir of dirs) await makeCacheFolder(dir, path.dirname(toDir));
  await pMap(
    assets.files,
    (file) =>
      replaceAside(path.join(toDir, file.path), (temporary) => copyFile(path.join(fromDir, file.path), temporary)),
    { concurrency: filesAtOnce },
  );
}

/**
 * Bundles the browser runtime (with the islands and React split into a chunk fetched on
 * intent) and the theme's CSS, minified, with content hashes in the file names.
 */
async function bundleAssetsAfresh(outDir: string): Promise<BundledAssets> {
  // The theme and the runtime ship with the engine, whatever site it builds.
  const root = engineRoot;
  const assetsDir = path.join(outDir, 'assets');
  // esbuild and Shiki's themes only when the assets are not in the cache.
  const [esbuild, { githubPaired, pairedThemeCss }] = await Promise.all([
    import('esbuild'),
    import('../markdown/pairedTheme.ts'),
  ]);
  const result = await esbuild
    .build({
      absWorkingDir: root,
      entryPoints: {
        runtime: path.join(root, 'templates/runtime.client.ts'),
        theme: path.join(root, 'templates/styles/index.css'),
      },
      outdir: assetsDir,
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      assetNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.svg': 'dataurl' },
      metafile: true,
      plugins: [codeColors(pairedThemeCss(githubPaired))],
      legalComments: 'none',
      logLevel: 'silent',
      write: false,
    })
    .catch((error: unknown) => {
      throw esbuildError(error, "the theme's browser code or styles could not be bundled", { dir: root });
    });
  await writeInPlace(result.outputFiles);
  const outputs = result.metafile.outputs;
  const entryOutput = (entry: string) => {
    const output = Object.entries(outputs).find(
      ([, meta]) => meta.entryPoint && path.resolve(root, meta.entryPoint) === path.join(root, entry),
    );
    if (!output) throw new Error(`esbuild produced no output for ${entry}`);
    return `/${path.relative(outDir, path.resolve(root, output[0])).split(path.sep).join('/')}`;
  };
  return {
    runtime: entryOutput('templates/runtime.client.ts'),
    css: entryOutput('templates/styles/index.css'),
    files: Object.entries(outputs).map(([file, meta]) => ({
      path: path.relative(outDir, path.resolve(root, file)).split(path.sep).join('/'),
      bytes: meta.bytes,
    })),
  };
}
