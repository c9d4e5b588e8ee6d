/**
 * The path the site is served under (its `baseUrl`), read from where this code was loaded: the
 * runtime and its chunks live in `<base>assets/`, so one folder up is the base, whatever it is.
 */
export const siteBase = new URL('..', import.meta.url).pathname;
