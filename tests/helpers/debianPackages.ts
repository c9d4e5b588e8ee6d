import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

let listsUpdated = false;

/**
 * Makes sure a program the tests need (Chromium, a JRE, PHP, Debian's Python) is at `path`.
 * Where it is missing and we are root on Debian, the named Debian packages are installed with apt
 * (waiting for the dpkg lock, so test files that install at the same time queue up instead of
 * failing); otherwise the error says how to install them. Returns `path`.
 */
export function requireDebianProgram(path: string, packages: string[], what: string): string {
  if (existsSync(path)) return path;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (isRoot && isDebian) {
    installDebianPackages(packages);
    if (existsSync(path)) return path;
  }
  throw new Error(`${what} not found at ${path}. Install it (Debian: "sudo apt-get install ${packages.join(' ')}").`);
}

/** Installs Debian packages with apt-get (root on Debian only); a no-op for those already there. */
export function installDebianPackages(packages: string[]): void {
  const missing = packages.filter((name) => !isInstalled(name));
  if (missing.length === 0) return;
  const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!listsUpdated) {
    execFileSync('apt-get', [...lockWait, 'update', '-qq'], { stdio: 'inherit', env });
    listsUpdated = true;
  }
  execFileSync('apt-get', [...lockWait, 'install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}

function isInstalled(name: string): boolean {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8', stdio: 'pipe' });
    return status.includes('install ok installed');
  } catch {
    return false;
  }
}
