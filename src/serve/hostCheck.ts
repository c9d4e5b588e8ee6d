import net from 'node:net';

/**
 * Whether a request's `Host` names this server, as Vite's dev server decides: any IP address,
 * `localhost` and its subdomains, or a name the server was told about (`--host`, `--allowed-host`).
 * A page on another site that rebinds its own name to 127.0.0.1 still sends that name, and is
 * refused; without this check it could read every page and event of the dev server.
 */
export function isAllowedHost(hostHeader: string | undefined, allowedHosts: readonly string[]): boolean {
  const host = hostHeader?.trim().toLowerCase();
  if (!host) return false;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end !== -1 && net.isIPv6(host.slice(1, end));
  }
  const hostname = host.split(':')[0];
  if (net.isIPv4(hostname) || hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  return allowedHosts.some((allowed) => allowed.toLowerCase() === hostname);
}
