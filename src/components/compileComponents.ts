import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { DocsgenConfig } from '../config/schema.ts';
import { DocsgenError, errorOfAll, lineOf } from '../errors.ts';
import { runningEngine } from '../config/compileConfig.ts';
import { keptCompile } from '../esbuild/keptCompile.ts';
import { locateConfigPath } from '../config/locateConfigPath.ts';
import { componentModuleUrl, runtimeModuleSource, runtimeSpecifiers } from './componentRuntime.ts';

/** The config with the file it came from, where a component that is no component is reported. */
interface ComponentsConfig {
  root: string;
  config: Pick<DocsgenConfig, 'components'>;
  configFile: string;
  configSource: string;
}

/** The compiled module of a project's components, and the files it was compiled from. */
export interface CompiledComponents {
  file: string;
  inputs: string[];
}

/**
 * The project's replacements for theme components (config `components`: a name and a `.tsx` file
 * each) compiled with the local files they import into one module under
 * `node_modules/.cache/docsgen`, named by its content, and compiled again only when one of those
 * files changed (src/esbuild/keptCompile.ts): what render threads import
 * (src/components/projectComponents.ts), and, being part of every page's key, what a changed
 * component renders again. `react` and `docsgen/theme/…` are the running engine's (one React per
 * thread); other packages are imported from the project. Undefined when the project replaces none.
 */
export async function compileComponents({
  root,
  config,
  configFile,
  configSource,
}: ComponentsConfig): Promise<CompiledComponents | undefined> {
  const replaced = Object.entries(config.components).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  if (replaced.length === 0) return undefined;
  const entry = replaced
    .map(
      ([name, file], index) =>
        // From the project (resolveDir), so that the compile is kept when the project moves (keptCompile.ts).
        `import * as c${index} from ${JSON.stringify(`./${path.relative(root, path.resolve(root, file))}`)};\n` +
        `export const ${name} = c${index}.default ?? c${index}.${name};`,
    )
    .join('\n');
  const { file, inputs } = await keptCompile({
    cacheDir: path.join(root, 'node_modules', '.cache', 'docsgen'),
    name: 'components',
    slot: root,
    options: {
      stdin: { contents: entry, resolveDir: root, sourcefile: 'docsgen-components.js', loader: 'js' },
      absWorkingDir: root,
      jsx: 'automatic',
      packages: 'external',
      plugins: [runningEngine, engineModules],
    },
    // The modules the engine lends a component (their exports), which no file of the project holds.
    signature: runtimeSpecifiers.map(runtimeModuleSource).join('\n'),
    failure: { what: 'theme component could not be compiled', file: path.resolve(root, replaced[0]![1]) },
  });
  await assertComponents(file, replaced, { configFile, configSource });
  return { file, inputs };
}

/** The engine's modules a component imports: this thread's, never a second copy (src/components/componentRuntime.ts). */
const engineModules: Plugin = {
  name: 'docsgen-engine-modules',
  setup(build) {
    build.onResolve({ filter: /^(react|react\/jsx-runtime|docsgen\/.*)$/ }, ({ path: specifier }) =>
      runtimeSpecifiers.includes(specifier)
        ? { path: specifier, namespace: 'docsgen-runtime' }
        : {
            errors: [
              {
                text: `"${specifier}" is not a module a theme component can import; it can import ${runtimeSpecifiers.map((name) => `"${name}"`).join(', ')}, "docsgen" (types) and other packages`,
              },
            ],
          },
    );
    build.onLoad({ filter: /.*/, namespace: 'docsgen-runtime' }, ({ path: specifier }) => ({
      contents: runtimeModuleSource(specifier),
      loader: 'js',
    }));
  },
};

/** Imports the compiled module here, as a render thread will (src/components/projectComponents.ts): it must load, and give each name a component. */
async function assertComponents(
  file: string,
  replaced: [string, string][],
  { configFile, configSource }: Pick<ComponentsConfig, 'configFile' | 'configSource'>,
): Promise<void> {
  let components: Record<string, unknown>;
  try {
    components = await import(componentModuleUrl(file));
  } catch (error) {
    const position = locateConfigPath(configSource, ['components']);
    throw new DocsgenError(
      `config components: a theme component threw while loading: ${(error as Error).message}`,
      { file: configFile, ...position },
      position.line === undefined ? undefined : lineOf(configSource, position.line),
    );
  }
  const errors = replaced
    .filter(([name]) => !['function', 'object'].includes(typeof components[name]) || components[name] === null)
    .map(([name, relative]) => {
      const position = locateConfigPath(configSource, ['components', name]);
      return new DocsgenError(
        `config components.${name}: ${relative} exports no component (give it a default export, or an export named ${name})`,
        { file: configFile, ...position },
        position.line === undefined ? undefined : lineOf(configSource, position.line),
      );
    });
  if (errors.length > 0) throw errorOfAll(errors);
}
