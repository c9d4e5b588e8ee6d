import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { pool, type Renderer } from '../../src/build/renderPool.ts';
import type { JobResult, RenderJob } from '../../src/build/renderJobs.ts';

const result: JobResult = { outputs: [], errors: [], files: [], cacheHits: 0, cacheMisses: 0 };

/** A renderer in this thread whose jobs, like a page's, never wait on I/O. */
function thisThread(ran: string[]): Renderer {
  return {
    slots: 1,
    here: true,
    async run(job) {
      ran.push(`${job.routes[0]}:here`);
      return result;
    },
    async close() {},
  };
}

/** A worker as the pool sees one: its reply comes as a message, handled by this thread's event loop. */
function workerLike(ran: string[]): Renderer {
  const port = new MessageChannel();
  const waiting = new Map<string, () => void>();
  port.port2.on('message', (route: string) => {
    ran.push(`${route}:worker`);
    waiting.get(route)?.();
  });
  return {
    slots: 2,
    run(job) {
      return new Promise((resolve) => {
        waiting.set(job.routes[0], () => resolve(result));
        port.port1.postMessage(job.routes[0]);
      });
    },
    async close() {
      port.port1.close();
    },
  };
}

describe('a render pool with this thread rendering too', () => {
  it("hands the worker jobs while this thread renders, instead of keeping all but the worker's first two", async () => {
    const ran: string[] = [];
    const worker = workerLike(ran);
    const renderers = pool([thisThread(ran), worker]);
    const jobs: RenderJob[] = Array.from({ length: 40 }, (_, index) => ({ source: 'docs', routes: [`/p${index}/`] }));
    await Promise.all(jobs.map((job) => renderers.run(job)));
    await renderers.close();
    expect(ran).toHaveLength(40);
    // Before, every job after the worker's first two was chained onto this thread's last one.
    expect(ran.filter((entry) => entry.endsWith(':worker')).length).toBeGreaterThan(10);
  });

  it('gives this thread the jobs from the front and the worker those from the back, each a run of neighbours', async () => {
    const ran: string[] = [];
    const renderers = pool([thisThread(ran), workerLike(ran)]);
    const jobs: RenderJob[] = Array.from({ length: 40 }, (_, index) => ({ source: 'docs', routes: [`/p${index}/`] }));
    await Promise.all(jobs.map((job) => renderers.run(job)));
    await renderers.close();
    const numbers = (by: string) =>
      ran.filter((entry) => entry.endsWith(`:${by}`)).map((entry) => Number(/\d+/.exec(entry)![0]));
    // The worker's first two came one at a time, as the jobs were queued; then it works from the last.
    const worker = numbers('worker').slice(2);
    expect(worker[0]).toBe(39);
    expect(Math.max(...numbers('here'))).toBeLessThan(Math.min(...worker));
  });

  it('alone, runs its jobs in order without waiting for the event loop: there is no reply to read', async () => {
    const ran: string[] = [];
    const renderers = pool([thisThread(ran)]);
    let turned = false;
    setImmediate(() => (turned = true));
    const jobs: RenderJob[] = Array.from({ length: 40 }, (_, index) => ({ source: 'docs', routes: [`/p${index}/`] }));
    await Promise.all(jobs.map((job) => renderers.run(job)));
    expect(turned).toBe(false);
    expect(ran).toEqual(jobs.map((job) => `${job.routes[0]}:here`));
    await renderers.close();
  });
});
