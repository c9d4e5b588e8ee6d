/** Moves focus to the new content and has screen readers announce the page now shown. */
export function announcePage(): void {
  document.getElementById('__docsgen_content')?.focus({ preventScroll: true });
  const announcer = document.querySelector('.route-announcer');
  if (announcer) announcer.textContent = document.title;
}
