import { fromMarkup } from './fromMarkup.ts';

/**
 * The menu's header (the navbar's brand and a close button) and its main items, built from the
 * navbar when the menu first opens rather than shipped in every page: the navbar's items in
 * order, without its islands (colour mode and search have no place in the menu). The logo is
 * decorative here: the title beside it names the link.
 */
export function buildMobileMenuItems(panel: Element): void {
  if (panel.querySelector('.mobile-menu__primary')) return;
  const header = fromMarkup(
    '<div class="mobile-menu__header"><button type="button" class="mobile-menu__close" aria-label="Close navigation menu"><span class="icon icon--close" aria-hidden="true"></span></button></div>',
  );
  const brand = document.querySelector('.navbar .navbar__brand')?.cloneNode(true);
  if (brand instanceof Element) {
    brand.querySelector('img')?.setAttribute('alt', '');
    header.prepend(brand);
  }
  const primary = fromMarkup(
    '<div class="mobile-menu__primary"><nav aria-label="Main menu" class="mobile-menu__items"></nav></div>',
  );
  const items = [...document.querySelectorAll('.navbar .navbar__items > :not(.island)')];
  primary.firstElementChild!.append(...items.map((item) => item.cloneNode(true)));
  panel.prepend(header, primary);
}

/** Drops the built header and items (the navbar changed): the next opening builds them again. */
export function forgetMobileMenuItems(): void {
  document.querySelectorAll('#mobile-menu .mobile-menu__header, #mobile-menu .mobile-menu__primary').forEach((part) => {
    part.remove();
  });
}
