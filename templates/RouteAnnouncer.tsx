/** Tells screen readers which page in-site navigation has just shown (its title). */
export function RouteAnnouncer() {
  return <div className="route-announcer visually-hidden" aria-live="assertive" aria-atomic="true" />;
}
