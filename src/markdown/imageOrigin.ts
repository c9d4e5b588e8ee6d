/** The origin of an image that is not the site's own (`https://cdn.example/a.png`), or undefined. */
export function foreignImageOrigin(src: string): string | undefined {
  if (!/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(src)) return undefined;
  try {
    return new URL(src, 'https://site.invalid').origin;
  } catch {
    return 'null';
  }
}
