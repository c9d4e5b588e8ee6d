import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import { CrashBoundary } from './CrashBoundary.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { SearchButton } from './SearchButton.tsx';

/** Every component that may be an island, by the name `Island` writes into `data-island`. */
const islands: Record<string, ComponentType<any>> = { ColorModeToggle, SearchButton };

/** Hydrates the server-rendered islands; loaded by the runtime on first intent only. */
export function hydrateIslands(roots: HTMLElement[]): void {
  for (const root of roots) {
    const Component = islands[root.dataset.island ?? ''];
    if (!Component || root.dataset.hydrated) continue;
    root.dataset.hydrated = 'true';
    hydrateRoot(
      root,
      <CrashBoundary>
        <Component {...JSON.parse(root.dataset.props ?? '{}')} />
      </CrashBoundary>,
    );
  }
  document.documentElement.setAttribute('data-islands-hydrated', '');
}
