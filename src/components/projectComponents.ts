import { themeComponents, type ThemeComponents } from '../../templates/themeComponents.tsx';
import { componentModuleUrl } from './componentRuntime.ts';

const imported = new Map<string, Promise<ThemeComponents>>();

/**
 * The components a page renders with: the theme's, with the project's replacements (config
 * `components`, compiled to one module by src/components/compileComponents.ts) in their place.
 * Imported once per thread, engine and module (componentModuleUrl); an edit compiles to a module
 * of another name.
 */
export function projectComponents(site: { components?: string }): Promise<ThemeComponents> {
  const file = site.components;
  if (!file) return Promise.resolve(themeComponents);
  let components = imported.get(file);
  if (!components) {
    components = import(componentModuleUrl(file)).then((module: Record<string, unknown>) => ({
      ...themeComponents,
      ...Object.fromEntries(Object.entries(module).filter(([, component]) => component !== undefined)),
    }));
    imported.set(file, components);
  }
  return components;
}
