import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/** The flags every browser test launches Chromium with (the project's convention). */
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * The Chromium to drive: CHROME_PATH, else /usr/bin/chromium. Where it is missing and we are
 * root on Debian, Debian's package is installed; otherwise the error says how to install it.
 */
export function chromiumPath(): string {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (!process.env.CHROME_PATH && isRoot && isDebian) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `Chromium not found at ${candidate}. Install it (Debian: "sudo apt-get install chromium") or set CHROME_PATH to a Chromium binary.`,
  );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
}
