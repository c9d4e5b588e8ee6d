import { stat } from 'node:fs/promises';
import type { DocsgenError } from '../errors.ts';

/**
 * When, after a save is applied, the file is looked at again (ms). A save that truncates the
 * file and then writes it (most editors, `fs.writeFile`) can be read in between, and the page
 * is empty: "page has no title" was printed during bursts of saves. chokidar cannot be relied
 * on to say when the write lands: it drops a second change of a file within 5 ms of the first,
 * and `awaitWriteFinish` (polling until the size holds still) made every save wait 25 ms and
 * more, and still let a burst through, since the file was read after its size was checked. So a
 * save is applied at once and the file looked at again a few times: when it changed since it
 * was read, it is applied again (the write usually lands before the first look); an error
 * read from it is reported only if, at the last look, the file is still as it was before it was
 * read (a change while it was applied may be the rest of the save).
 */
const rechecksMs = [15, 60, 250];

/** Applies one saved file; errors that come from reading it go to `reportSaved`. */
export type ApplySave = (file: string, reportSaved: (error: DocsgenError) => void) => Promise<void>;

export interface SaveQueue {
  /** A watcher saw `file` change. */
  saved(file: string): void;
  /** Resolves once every save seen so far has been applied and checked again. */
  settled(): Promise<void>;
  /** Takes no more saves; resolves once the one being applied is done (it may replace the site). */
  close(): Promise<void>;
}

interface Recheck {
  timer: NodeJS.Timeout;
  done: Promise<void>;
  finish: () => void;
}

/**
 * Applies saved files one at a time, in the order they were saved, each file read once for a
 * run of saves (a save queued behind a later save of the same file is skipped: the later one
 * reads the newer text), and looks at each file again once it has been applied (see rechecksMs).
 */
export function createSaveQueue(
  apply: ApplySave,
  report: (error: DocsgenError) => void,
  fail: (error: unknown) => void,
): SaveQueue {
  let queue: Promise<void> = Promise.resolve();
  let count = 0;
  const latest = new Map<string, number>();
  const rechecks = new Map<string, Recheck>();
  let closed = false;
  const cancel = (file: string) => {
    const recheck = rechecks.get(file);
    if (!recheck) return;
    clearTimeout(recheck.timer);
    rechecks.delete(file);
    recheck.finish();
  };
  const scheduleRecheck = (file: string, save: number, state: string, error: DocsgenError | undefined, look = 0) => {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const timer = setTimeout(
      () => {
        void (async () => {
          if (!closed && latest.get(file) === save) {
            if ((await fileState(file)) !== state) saves.saved(file);
            else if (look + 1 < rechecksMs.length) scheduleRecheck(file, save, state, error, look + 1);
            else if (error) report(error);
          }
          if (rechecks.get(file)?.timer === timer) rechecks.delete(file);
          finish();
        })();
      },
      rechecksMs[look] - (rechecksMs[look - 1] ?? 0),
    );
    rechecks.set(file, { timer, done, finish });
  };
  const saves: SaveQueue = {
    saved(file) {
      if (closed) return;
      const save = ++count;
      latest.set(file, save);
      cancel(file);
      queue = queue
        .then(async () => {
          if (closed || latest.get(file) !== save) return;
          // Taken before the file is read: a write landing while it is applied changes it, and is
          // applied in turn (the watcher may not say so), whether or not this read found an error.
          const before = await fileState(file);
          let error: DocsgenError | undefined;
          await apply(file, (reported) => (error = reported));
          scheduleRecheck(file, save, before, error);
        })
        .catch(fail);
    },
    async settled() {
      for (;;) {
        const current = queue;
        await current;
        const pending = [...rechecks.values()];
        if (pending.length === 0 && current === queue) return;
        await Promise.all(pending.map(({ done }) => done));
      }
    },
    async close() {
      closed = true;
      for (const file of [...rechecks.keys()]) cancel(file);
      await queue;
    },
  };
  return saves;
}

/** What tells one version of a file from the next: its inode, size and times (or that it is gone). */
async function fileState(file: string): Promise<string> {
  const info = await stat(file).catch(() => undefined);
  return info ? `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}` : 'missing';
}
