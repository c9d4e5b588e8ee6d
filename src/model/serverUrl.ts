import { baseUrlPlaceholder } from './apiReference.ts';

/**
 * The base URL of a server as samples write it: its URL with each `{variable}` replaced by
 * `valueOf` (one left as written when it has none), without a trailing "/", and after the
 * placeholder when relative (no sample calls a bare `/board`). Built pages and the browser's
 * server picker (src/client/serverPicker.ts) resolve it the same way.
 */
export function serverBaseUrl(url: string, valueOf: (name: string) => string | undefined): string {
  const resolved = url.replace(/\{([^}]+)\}/g, (written, name: string) => valueOf(name) ?? written);
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(resolved);
  return (absolute ? resolved : `${baseUrlPlaceholder}${resolved}`).replace(/\/$/, '');
}
