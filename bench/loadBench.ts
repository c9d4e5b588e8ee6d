import autocannon from 'autocannon';
import path from 'node:path';
import { editLatencies, residentMb, startDevServer } from './devServerBench.ts';

/** The dev server under load from autocannon: 200 connections for 20 s on one docs page. */
export async function loadFigures(root: string, route: string, { connections = 200, seconds = 20 } = {}) {
  const server = await startDevServer(root, route);
  try {
    const result = await autocannon({ url: server.url + route, connections, duration: seconds });
    return {
      connections,
      seconds,
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      total: result.requests.total,
    };
  } finally {
    await server.stop();
  }
}

/** Watch mode over many consecutive edits: every edit served, and resident memory at start and end. */
export async function soakFigures(root: string, relativeFile: string, route: string, edits = 300) {
  const server = await startDevServer(root, route);
  try {
    const startMb = await residentMb(server.child.pid!);
    const latencies = await editLatencies(server, path.join(root, 'content', 'docs', relativeFile), route, edits);
    return { edits: latencies.length, startMb, endMb: await residentMb(server.child.pid!), maxEditMs: Math.max(...latencies) };
  } finally {
    await server.stop();
  }
}
