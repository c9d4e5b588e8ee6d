/** Category carets expand and collapse their lists (delegated, so copies in the mobile menu work too). */
export function initSidebarCategories(): void {
  document.addEventListener('click', (event) => {
    const caret = (event.target as Element | null)?.closest?.('.menu__caret');
    if (!caret) return;
    const category = caret.closest('.menu__category');
    const collapsed = category?.classList.toggle('menu__category--collapsed') ?? false;
    caret.setAttribute('aria-expanded', String(!collapsed));
    const label = caret.getAttribute('aria-label') ?? '';
    caret.setAttribute('aria-label', label.replace(/^(Collapse|Expand)/, collapsed ? 'Expand' : 'Collapse'));
  });
}
