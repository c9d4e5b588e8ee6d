import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folderOf = (name: string): string => fileURLToPath(new URL(`./clientLibraries/${name}`, import.meta.url));

/**
 * The provider's client libraries that the library pages document. The published packages are on
 * neither npm nor Debian, so samples run against test-side stand-ins in `clientLibraries/`: the
 * documented surface, each call a real HTTP request to the mock through the library the published
 * client is built on (axios, requests with munch, Guzzle).
 */
export const clientLibraries = {
  JavaScript: {
    folder: folderOf('javascript'),
    packageName: (JSON.parse(readFileSync(folderOf('javascript/package.json'), 'utf8')) as { name: string }).name,
    importedBy:
      /\bfrom\s+['"]@acme-sign\/acme-sign-client-js['"]|\brequire\(\s*['"]@acme-sign\/acme-sign-client-js['"]\s*\)/,
    callsApi: /\.(?:bundles|packets|persons|templates|envelopeTemplates|webhooks)\.\w+\(/,
  },
  Python: {
    folder: folderOf('python'),
    importedBy: /^\s*(?:from\s+acme_sign\s+import|import\s+acme_sign)\b/m,
    callsApi: /\.(?:bundles|packets|persons|templates|envelope_templates|webhooks)\.\w+\(/,
  },
  PHP: {
    folder: folderOf('php'),
    namespace: 'AcmeSign\\ApiClient\\',
    importedBy: /\bAcmeSign\\ApiClient\\/,
    callsApi: /->(?:bundles|packets|persons|templates)->\w+\(/,
  },
};

/** The environment variables the libraries read their base URL from (`…_URI` for PHP's 1.x); samples get the mock's. */
export const baseUrlVariables = ['ACME_SIGN_API_URL', 'ACME_SIGN_API_URI'];
