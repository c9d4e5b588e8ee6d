import { baseUrlPlaceholder } from '../model/apiReference.ts';

/**
 * The base URL the samples call: the first server's URL with each variable at its default
 * (`https://{region}.api.example` → `https://eu.api.example`); the placeholder before a relative
 * URL or none at all, so no sample calls a bare `/board`.
 */
export function sampleBaseUrl(server: any): string {
  const url = String(server?.url ?? '').replace(/\{([^}]+)\}/g, (written, name: string) => {
    const value = server?.variables?.[name]?.default;
    return value === undefined ? written : String(value);
  });
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(url);
  return (absolute ? url : `${baseUrlPlaceholder}${url}`).replace(/\/$/, '');
}
