import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as AnnouncementBar from '../../templates/AnnouncementBar.tsx';
import * as Breadcrumbs from '../../templates/Breadcrumbs.tsx';
import * as DocFooter from '../../templates/DocFooter.tsx';
import * as Footer from '../../templates/Footer.tsx';
import * as PrevNextLinks from '../../templates/PrevNextLinks.tsx';
import * as icons from '../../templates/icons.tsx';

/**
 * The modules a project's component may import, by specifier: React as this thread runs it (the
 * engine bundles its own copy; a second one would break hooks and context), and the theme's
 * replaceable components and icons, to wrap or reuse (`import { Footer } from 'docsgen/theme/Footer'`).
 */
const runtimeModules: Record<string, object> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'docsgen/theme/AnnouncementBar': AnnouncementBar,
  'docsgen/theme/Breadcrumbs': Breadcrumbs,
  'docsgen/theme/DocFooter': DocFooter,
  'docsgen/theme/Footer': Footer,
  'docsgen/theme/PrevNextLinks': PrevNextLinks,
  'docsgen/theme/icons': icons,
};

/** Where each engine loaded in a thread leaves those modules for the compiled components to read (src/components/compileComponents.ts). */
const runtimeKey = Symbol.for('docsgen.componentRuntime');

/**
 * This copy of the engine, among those a thread may load: the dev server imports a new one after
 * each theme edit, with its own React and theme. A compiled component is imported once per engine
 * (the id is in its URL's query) and reads that engine's modules, never those of another.
 */
const engineId = randomUUID();

/** The specifiers a project's component may import from the engine. */
export const runtimeSpecifiers = Object.keys(runtimeModules);

/**
 * The URL this engine imports a compiled component module at (`?engine=<id>`): its modules are
 * made readable to it first. The same module imported by another engine is another instance, with
 * that engine's React and theme.
 */
export function componentModuleUrl(file: string): string {
  const registry = ((globalThis as Record<symbol, Record<string, object> | undefined>)[runtimeKey] ??= {});
  registry[engineId] = runtimeModules;
  return `${pathToFileURL(file).href}?engine=${engineId}`;
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * The source of the module that stands for `specifier` in a compiled component: each of the
 * running module's exports, read when the component is imported from the engine whose id its URL
 * holds, so it shares that engine's React.
 */
export function runtimeModuleSource(specifier: string): string {
  const exported = Object.keys(runtimeModules[specifier]!).filter(
    (name) => name !== 'default' && identifier.test(name),
  );
  const engine = 'new URL(import.meta.url).searchParams.get("engine")';
  const module = `globalThis[Symbol.for(${JSON.stringify(runtimeKey.description)})][${engine}][${JSON.stringify(specifier)}]`;
  return [
    `const module = ${module};`,
    ...exported.map((name) => `export const ${name} = module.${name};`),
    'export default module.default ?? module;',
  ].join('\n');
}
