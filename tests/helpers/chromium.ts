import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { requireDebianProgram } from './debianPackages.ts';

/** The flags every browser test launches Chromium with (the project's convention). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The Chromium to drive: CHROME_PATH, else /usr/bin/chromium (Debian's package, installed with apt
 * when missing and we are root on Debian; otherwise the error says how to install it).
 */
export function chromiumPath(): string {
  if (process.env.CHROME_PATH) return requireProgram(process.env.CHROME_PATH);
  return requireDebianProgram('/usr/bin/chromium', ['chromium'], 'Chromium (or set CHROME_PATH)');
}

function requireProgram(candidate: string): string {
  if (existsSync(candidate)) return candidate;
  throw new Error(`CHROME_PATH is ${candidate}, which does not exist. Point it at a Chromium binary.`);
}

/** Debian's Chromium with the project's flags, and `extraArgs` after them. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, ...extraArgs] });
}
