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

/** Where a thread leaves those modules for the compiled components to read (src/components/compileComponents.ts). */
const runtimeKey = Symbol.for('docsgen.componentRuntime');

/** The specifiers a project's component may import from the engine. */
export const runtimeSpecifiers = Object.keys(runtimeModules);

/** Makes the modules readable by compiled components; done by a thread before it imports them. */
export function provideComponentRuntime(): void {
  (globalThis as Record<symbol, unknown>)[runtimeKey] = runtimeModules;
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * The source of the module that stands for `specifier` in a compiled component: each of the
 * running module's exports, read when the component is imported, so it shares this thread's React.
 */
export function runtimeModuleSource(specifier: string): string {
  const exported = Object.keys(runtimeModules[specifier]!).filter(
    (name) => name !== 'default' && identifier.test(name),
  );
  const module = `globalThis[Symbol.for(${JSON.stringify(runtimeKey.description)})][${JSON.stringify(specifier)}]`;
  return [
    `const module = ${module};`,
    ...exported.map((name) => `export const ${name} = module.${name};`),
    'export default module.default ?? module;',
  ].join('\n');
}
