/** The thin bar at the top of the window during a route change that takes over 200 ms. */
export function RouteProgress() {
  return <div className="route-progress" aria-hidden="true" />;
}
