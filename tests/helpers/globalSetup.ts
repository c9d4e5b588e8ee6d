import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { build } from '../../src/build/build.ts';
import { folderPages, createServer } from '../../src/serve/createServer.ts';
import { chromiumPath } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    siteDir: string;
  }
}

/** Builds the shipped site once, serves it on 127.0.0.1, and makes sure Chromium is there. */
export default async function setup(project: TestProject) {
  chromiumPath();
  const siteDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-site-'));
  await build({ root: path.resolve(import.meta.dirname, '../..'), outDir: siteDir });
  const server = createServer({ pages: folderPages(siteDir), staticDirs: [siteDir] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('siteUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  project.provide('siteDir', siteDir);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(siteDir, { recursive: true, force: true });
  };
}
