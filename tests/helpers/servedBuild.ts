import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from '../../src/build/build.ts';
import { createServer, folderPages } from '../../src/serve/createServer.ts';

/** A site written by a test helper, built into its dist/ and served on 127.0.0.1 as a static host would. */
export interface ServedBuild {
  site: string;
  outDir: string;
  url: string;
  /** Stops the server and removes the site. */
  close: () => Promise<void>;
}

/** Writes a site with `writeSite`, builds it, and serves the output on a free port. */
export async function servedBuild(writeSite: () => Promise<string>): Promise<ServedBuild> {
  const site = await writeSite();
  const outDir = path.join(site, 'dist');
  await build({ root: site, outDir });
  const server = createServer({ pages: folderPages(outDir), staticDirs: [outDir] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    site,
    outDir,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(site, { recursive: true, force: true });
    },
  };
}
