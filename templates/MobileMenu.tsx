/**
 * The side menu at widths ≤ 996 px (it needs the runtime to open). Its header and primary panel
 * (the navbar's items) are built from the navbar when it first opens (src/client/mobileMenuItems.ts),
 * not repeated in every page; on docs pages the secondary panel holds the docs sidebar, copied in
 * from the page when the menu opens.
 */
export function MobileMenu({ hasSecondary }: { hasSecondary: boolean }) {
  return (
    <div id="mobile-menu" className="mobile-menu" hidden data-secondary={hasSecondary ? 'shown' : 'none'}>
      <div className="mobile-menu__backdrop" />
      <div className="mobile-menu__panel" role="dialog" aria-modal="true" aria-label="Navigation menu">
        {hasSecondary && (
          <div className="mobile-menu__secondary">
            <button type="button" className="mobile-menu__back">
              ← Back to main menu
            </button>
            <div className="mobile-menu__sidebar" />
          </div>
        )}
      </div>
    </div>
  );
}
