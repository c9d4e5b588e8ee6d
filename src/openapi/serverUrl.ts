import type { ApiServer } from '../model/apiReference.ts';
import { serverBaseUrl } from '../model/serverUrl.ts';

/**
 * The base URL the samples call: the first server's URL with each variable at its default
 * (`https://{region}.api.example` → `https://eu.api.example`); the placeholder before a relative
 * URL or none at all, so no sample calls a bare `/board`.
 */
export function sampleBaseUrl(server: any): string {
  return serverBaseUrl(String(server?.url ?? ''), (name) => {
    const value = server?.variables?.[name]?.default;
    return value === undefined ? undefined : String(value);
  });
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
