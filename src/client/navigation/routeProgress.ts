import { indicatorDelayMs } from './indicatorDelay.ts';

let timer: ReturnType<typeof setTimeout> | undefined;

const bar = () => document.querySelector<HTMLElement>('.route-progress');

/** The bar at the top of the page while a route change lasts longer than 200 ms (spec §2). */
export function startRouteProgress(): void {
  if (timer !== undefined || bar()?.dataset.state === 'loading') return;
  timer = setTimeout(() => {
    timer = undefined;
    const element = bar();
    if (element) element.dataset.state = 'loading';
  }, indicatorDelayMs);
}

/** Completes the bar if it was shown (it fills and fades out); otherwise it never appears. */
export function finishRouteProgress(): void {
  clearTimeout(timer);
  timer = undefined;
  const element = bar();
  if (element?.dataset.state === 'loading') element.dataset.state = 'done';
}
