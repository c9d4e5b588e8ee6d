import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';

const host = '127.0.0.1';
export const prismStartTimeoutMs = 60_000;
export const prismStopTimeoutMs = 5_000;

export interface PrismMock {
  /** `http://127.0.0.1:<port>`: the API's paths are served from its root. */
  baseUrl: string;
  stop(): Promise<void>;
}

export async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts Prism's mock server from an OpenAPI file on a free port of 127.0.0.1. With `--errors`,
 * a request that breaks the description is answered 4xx with its violations in `sl-violations`.
 */
export async function startPrism(specPath: string): Promise<PrismMock> {
  const port = await findFreePort();
  const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli');
  const child = spawn(
    process.execPath,
    [prismCli, 'mock', specPath, '--host', host, '--port', String(port), '--errors'],
    { stdio: 'pipe' },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Prism did not listen within ${prismStartTimeoutMs} ms:\n${output}`)),
      prismStartTimeoutMs,
    );
    const onOutput = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        child.stdout.off('data', onOutput);
        child.stderr.off('data', onOutput);
        resolve();
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with code ${code} before listening:\n${output}`));
    });
  });
  // Prism logs every request; keep reading so a full pipe never blocks it.
  child.stdout.resume();
  child.stderr.resume();
  return { baseUrl: `http://${host}:${port}`, stop: () => stopProcess(child) };
}

async function stopProcess(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), prismStopTimeoutMs);
  await exited;
  clearTimeout(timer);
}
