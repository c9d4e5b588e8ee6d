import type { AddressInfo } from 'node:net';
import { createServer, folderPages } from '../src/serve/createServer.ts';

/** A built folder served on 127.0.0.1 as a static host would (`DIR/index.html` for `/DIR/`), on a free port. */
export async function serveFolder(dir: string): Promise<{ url: string; close: () => Promise<unknown> }> {
  const server = createServer({ pages: folderPages(dir), staticDirs: [dir] });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
