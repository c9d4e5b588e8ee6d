import { hydrateRoot, type Root } from 'react-dom/client';
import { CrashBoundary } from '../CrashBoundary.tsx';
import { SearchPageView } from './SearchPageView.tsx';

let mounted: { root: Root; container: Element } | undefined;

/** Hydrates the search page's view (a page swapped in by navigation gets a fresh root). */
export function hydrateSearchPage(container: HTMLElement): void {
  if (mounted?.container === container) return;
  if (mounted && !mounted.container.isConnected) mounted.root.unmount();
  mounted = {
    container,
    root: hydrateRoot(
      container,
      <CrashBoundary>
        <SearchPageView searchPath={container.dataset.searchPage ?? '/search/'} />
      </CrashBoundary>,
    ),
  };
}
