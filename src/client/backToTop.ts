/** Easing factor of the fallback smooth scroll: each frame keeps 85% of the remaining distance (spec §9). */
export const scrollEasing = 0.85;

/** Shows the back-to-top button after scrolling down and scrolls smoothly to the top. */
export function initBackToTop(): void {
  const button = document.querySelector<HTMLButtonElement>('.back-to-top');
  if (!button) return;
  const threshold = 300;
  let lastY = window.scrollY;
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      // Shown while scrolling up past the threshold, as Docusaurus does.
      button.classList.toggle('back-to-top--visible', y > threshold && y < lastY);
      lastY = y;
    },
    { passive: true },
  );
  button.addEventListener('click', () => {
    button.classList.remove('back-to-top--visible');
    scrollToTop();
  });
}

/** Scrolls to the top: smoothly where the browser can and the reader allows motion, else by the easing above. */
export function scrollToTop(): void {
  if ('scrollBehavior' in document.documentElement.style && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    return;
  }
  const step = () => {
    const y = window.scrollY;
    if (y <= 0) return;
    window.scrollTo(0, Math.floor(y * scrollEasing));
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
