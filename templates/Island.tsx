import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { CrashBoundary } from './CrashBoundary.tsx';

interface IslandProps<P extends object> {
  name: string;
  component: ComponentType<P>;
  props: P;
}

/**
 * A component rendered on the server and hydrated in the browser on first intent. Its markup is
 * rendered with renderToString (which hydration expects) inside a static page.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const html = renderToString(
    <CrashBoundary>
      <Component {...props} />
    </CrashBoundary>,
  );
  return (
    <div
      className="island"
      data-island={name}
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
