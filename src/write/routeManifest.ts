/** `routes.json`: every page route, for the in-site navigation runtime (src/client/navigation/routeManifest.ts). */
export function routeManifest(routes: string[]): string {
  return JSON.stringify({ routes: [...routes].sort() });
}
