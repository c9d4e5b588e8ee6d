import { engineRoot } from '../engineRoot.ts';
import { dependencyVersions } from '../../bin/dependencyVersions.js';
import { contentFingerprint } from '../../bin/engineFingerprint.js';

// Set in the compiled bundle (bin/compileEngine.js): its own fingerprint, worked out once when it
// was compiled from these very files, so that a start does not read every source file again.
declare const __DOCSGEN_ENGINE_FINGERPRINT__: string | undefined;

/**
 * A hash of the code that turns content into HTML (the engine, the theme, and the versions of
 * the libraries they use as installed, which a lock file need not describe: an installed
 * package has none), from their content, not their paths or times: a cache restored into a
 * fresh clone elsewhere (CI's `actions/cache`) is used as it is. Cached renderings are only
 * reused under the same fingerprint.
 */
export function engineFingerprint(root = engineRoot): string {
  if (root === engineRoot && typeof __DOCSGEN_ENGINE_FINGERPRINT__ === 'string') return __DOCSGEN_ENGINE_FINGERPRINT__;
  return contentFingerprint(root, dependencyVersions(root));
}
