/** `_headers` (Netlify, Cloudflare Pages) with the policy and the usual hardening headers. */
export function headersFile(policy: string): string {
  return [
    '/*',
    `  Content-Security-Policy: ${policy}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  X-Frame-Options: SAMEORIGIN',
    '',
  ].join('\n');
}
