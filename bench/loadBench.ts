import autocannon from 'autocannon';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { editLatencies, residentMb, startDevServer } from './devServerBench.ts';
import { copyProject } from './projectCopy.ts';

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

/**
 * Watch mode over many consecutive edits: every edit served, and resident memory at the start and
 * after each hundred edits (growth that levels off is bounded; growth in step with edits leaks).
 */
export async function soakFigures(root: string, relativeFile: string, route: string, edits = 300) {
  // The edits go to a copy, so an interrupted run leaves the project as it was.
  const project = await copyProject(root);
  const server = await startDevServer(project, route);
  try {
    const startMb = await residentMb(server.child.pid!);
    const latencies: number[] = [];
    const samplesMb: number[] = [];
    for (let done = 0; done < edits; done += 100) {
      latencies.push(
        ...(await editLatencies(
          server,
          path.join(project, 'content', 'docs', relativeFile),
          route,
          Math.min(100, edits - done),
        )),
      );
      samplesMb.push(await residentMb(server.child.pid!));
    }
    return {
      edits: latencies.length,
      startMb,
      samplesMb,
      endMb: samplesMb[samplesMb.length - 1],
      maxEditMs: Math.max(...latencies),
    };
  } finally {
    await server.stop();
    await rm(project, { recursive: true, force: true });
  }
}
