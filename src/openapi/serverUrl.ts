import { baseUrlPlaceholder, type ApiServer } from '../model/apiReference.ts';

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

/** A server as the reference lists it: its URL as written, its description, its variables. */
export function apiServer(server: any): ApiServer {
  return {
    url: String(server?.url ?? ''),
    description: String(server?.description ?? ''),
    variables: Object.entries<any>(server?.variables ?? {}).map(([name, variable]) => ({
      name,
      defaultValue: String(variable?.default ?? ''),
      values: Array.isArray(variable?.enum) ? variable.enum.map(String) : undefined,
    })),
  };
}
