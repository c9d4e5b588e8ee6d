import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocsgenConfig } from '../config/schema.ts';

/** What a static host accepts of a site: files, total bytes, bytes of one file (absent: no limit). */
export interface HostLimits {
  files?: number;
  bytes?: number;
  fileBytes?: number;
}

const MiB = 2 ** 20;

/**
 * The published limits of the hosts docs sites deploy to most, by the name `deploy.host` takes.
 * Cloudflare Pages: 20,000 files on the free plan, 100,000 on paid plans, 25 MiB a file.
 * GitHub Pages: a published site of at most 1 GB; git refuses files over 100 MiB.
 */
export const knownHosts = {
  'cloudflare-pages': { label: 'Cloudflare Pages (free plan)', files: 20_000, fileBytes: 25 * MiB },
  'cloudflare-pages-paid': { label: 'Cloudflare Pages (paid plans)', files: 100_000, fileBytes: 25 * MiB },
  'github-pages': { label: 'GitHub Pages', bytes: 1_000_000_000, fileBytes: 100 * MiB },
} satisfies Record<NonNullable<DocsgenConfig['deploy']['host']>, HostLimits & { label: string }>;

/** The largest file every known host and the config's `deploy` accept: what no file written in pieces (the search records) may exceed. */
export function largestFileEverywhere(deploy: DocsgenConfig['deploy']): number {
  return Math.min(deploy.maxFileBytes ?? Infinity, ...Object.values(knownHosts).map((host) => host.fileBytes));
}

/** The limits the config's `deploy` sets, and the host's name to say them with; undefined without any. */
export function configuredLimits(deploy: DocsgenConfig['deploy']): { limits: HostLimits; host: string } | undefined {
  const known: (HostLimits & { label: string }) | undefined = deploy.host ? knownHosts[deploy.host] : undefined;
  const limits: HostLimits = {
    files: deploy.maxFiles ?? known?.files,
    bytes: deploy.maxBytes ?? known?.bytes,
    fileBytes: deploy.maxFileBytes ?? known?.fileBytes,
  };
  if (Object.values(limits).every((limit) => limit === undefined)) return undefined;
  return { limits, host: known?.label ?? 'the configured host' };
}

/** What a built site weighs: its files, their bytes, its largest file, and the files of each top-level folder. */
export interface OutputSize {
  files: number;
  bytes: number;
  largest: { file: string; bytes: number };
  /** Files per top-level folder (`docs`, `search`, `assets`, …; `.` for the root's own files). */
  filesByFolder: Record<string, number>;
}

/** Counts the files and bytes of an output folder (what a host is asked to take). */
export async function outputSize(dir: string): Promise<OutputSize> {
  const size: OutputSize = { files: 0, bytes: 0, largest: { file: '', bytes: 0 }, filesByFolder: {} };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size: bytes } = await stat(file);
    const relative = path.relative(dir, file).split(path.sep).join('/');
    const folder = relative.includes('/') ? relative.split('/')[0] : '.';
    size.files++;
    size.bytes += bytes;
    size.filesByFolder[folder] = (size.filesByFolder[folder] ?? 0) + 1;
    if (bytes > size.largest.bytes) size.largest = { file: relative, bytes };
  }
  return size;
}

const count = (value: number) => value.toLocaleString('en');
const megabytes = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

/**
 * What the output exceeds of a host's limits, one sentence each, with the figures; empty when it
 * fits. `host` names the limits (a known host's label, or "the configured host").
 */
export function limitsExceeded(size: OutputSize, limits: HostLimits, host: string): string[] {
  const over: string[] = [];
  if (limits.files !== undefined && size.files > limits.files)
    over.push(`the site has ${count(size.files)} files; ${host} accepts at most ${count(limits.files)}`);
  if (limits.bytes !== undefined && size.bytes > limits.bytes)
    over.push(`the site weighs ${megabytes(size.bytes)}; ${host} accepts at most ${megabytes(limits.bytes)}`);
  if (limits.fileBytes !== undefined && size.largest.bytes > limits.fileBytes)
    over.push(
      `its largest file, ${size.largest.file}, weighs ${megabytes(size.largest.bytes)}; ${host} accepts at most ${megabytes(limits.fileBytes)} a file`,
    );
  return over;
}

/**
 * What a site with more files than its host accepts would have without the Markdown twins it
 * writes, when the config leaves `markdownTwins` unset (twins on by default for its page count):
 * the option's name and the count it brings, else undefined.
 */
export function twinsAdvice(
  config: Pick<DocsgenConfig, 'markdownTwins'>,
  size: Pick<OutputSize, 'files'>,
  limits: HostLimits,
  twins: number,
): string | undefined {
  if (config.markdownTwins !== undefined || twins === 0) return undefined;
  if (limits.files === undefined || size.files <= limits.files) return undefined;
  const without = size.files - twins;
  const verdict = without <= limits.files ? 'under' : 'still over';
  return `markdownTwins: false in the config leaves out the ${count(twins)} Markdown twins: ${count(without)} files, ${verdict} the limit of ${count(limits.files)}`;
}
