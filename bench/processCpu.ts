import { readdir, readFile } from 'node:fs/promises';

/** CPU time (ms) of a process and all its descendants (the dev server and its esbuild), from /proc. */
export async function treeCpuMs(pid: number): Promise<number> {
  const ticksPerSecond = 100;
  let ticks = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const stat = await readFile(`/proc/${current}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue;
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    for (const task of await readdir(`/proc/${current}/task`).catch(() => [])) {
      const children = await readFile(`/proc/${current}/task/${task}/children`, 'utf8').catch(() => '');
      pending.push(...children.split(' ').filter(Boolean).map(Number));
    }
  }
  return (ticks / ticksPerSecond) * 1000;
}

/**
 * Waits until the server has been quiet (under 5% of a core over a second) — its background
 * render of the whole site after a start or a theme save — or `capMs` has passed: each save is
 * measured from a settled server, as a writer who reads the page before the next save sees it.
 */
export async function settled(pid: number, capMs = 90_000): Promise<void> {
  const deadline = performance.now() + capMs;
  let before = await treeCpuMs(pid);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await treeCpuMs(pid);
    if (now - before < 50) return;
    before = now;
  }
}
