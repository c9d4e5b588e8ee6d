/**
 * React islands are hydrated on first intent (pointer over, focus, touch, or a shortcut), never
 * on page load. A click that lands before React is ready is held and replayed on the same
 * element once it is hydrated, so no click is lost.
 */
type HydrateModule = { hydrateIslands: (roots: HTMLElement[]) => void };

let hydrator: Promise<HydrateModule> | undefined;

/** Loads React once, and hydrates every island not hydrated yet (navigation may bring new ones). */
export function loadIslands(): Promise<void> {
  hydrator ??= import('./islands.client.tsx');
  return hydrator.then((module) =>
    module.hydrateIslands([...document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')]),
  );
}

/** Hydrates islands on the reader's first intent, and replays a click made before (see above). */
export function initIslands(): void {
  const intent = (event: Event) => {
    if ((event.target as Element | null)?.closest?.('[data-island]')) void loadIslands();
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, intent, { passive: true, capture: true });
  }
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      const island = target?.closest?.<HTMLElement>('[data-island]');
      if (!island || !target || island.dataset.hydrated) return;
      event.preventDefault();
      event.stopPropagation();
      const path = pathWithin(island, target);
      void loadIslands().then(() => (resolvePath(island, path) as HTMLElement | null)?.click());
    },
    true,
  );
}

/** Child indexes from the island root to the clicked node; hydration keeps the same DOM. */
function pathWithin(root: Element, target: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = target; node && node !== root; node = node.parentElement) {
    path.unshift([...(node.parentElement?.children ?? [])].indexOf(node));
  }
  return path;
}

function resolvePath(root: Element, path: number[]): Element | null {
  let node: Element | null = root;
  for (const index of path) node = node?.children[index] ?? null;
  return node?.closest('button, a, [role="button"]') ?? node;
}
