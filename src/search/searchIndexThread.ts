import { Worker } from 'node:worker_threads';
import { fromThrownValue, type ThrownValue } from '../errors.ts';
import type { PageOutput } from '../model/pageOutput.ts';
import { writeSearchIndex, type IndexConfig, type IndexedPage } from './writeSearchIndex.ts';
import { compiledWorkerFile } from '../engineRoot.ts';

/** What the index's thread is sent: `writeSearchIndex`'s arguments, the pages reduced to their records. */
export interface IndexRequest {
  id: number;
  pages: IndexedPage[];
  outDir: string;
  config: IndexConfig;
  indexFileBytes: number;
}

/** What it answers, once that index is written: nothing, or what writing it threw. */
export interface IndexReply {
  id: number;
  error?: ThrownValue;
}

/** Writes a site's search index, as `writeSearchIndex` (without a cache folder) does; `close` ends its thread. */
export interface SearchIndexWriter {
  write(pages: PageOutput[], outDir: string, config: IndexConfig, indexFileBytes: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The dev server's search index, written in a thread of its own when the engine is compiled
 * (bin/compileEngine.js sets DOCSGEN_ENGINE_DIR), else in this thread (from source: most tests).
 * Building GitHub's index took this thread 0.85–0.98 s of CPU after every save, and a request
 * arriving then waited for it; posting the records costs this thread a structured clone.
 * One thread for the server's life, started on the first index: its jobs run one after the
 * other, so two indexes never write into the same folder at once.
 */
export function searchIndexWriter(): SearchIndexWriter {
  const workerFile = compiledWorkerFile('src/search/searchIndexWorker.mjs');
  if (!workerFile)
    return {
      write: (pages, outDir, config, indexFileBytes) => writeSearchIndex(pages, outDir, config, { indexFileBytes }),
      close: async () => {},
    };
  let worker: Worker | undefined;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const rejectAll = (error: Error) => {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
    worker = undefined;
  };
  const started = () => {
    if (worker) return worker;
    const thread = new Worker(workerFile);
    thread.on('message', ({ id, error }: IndexReply) => {
      const entry = pending.get(id);
      pending.delete(id);
      if (error) entry?.reject(fromThrownValue(error));
      else entry?.resolve();
      // Between indexes, the process ends without waiting for it.
      if (pending.size === 0) thread.unref();
    });
    // A thread that stopped fails the indexes it had (its 'exit' follows its 'error'); the next starts another.
    const stopped = (error: Error) => worker === thread && rejectAll(error);
    thread.on('error', stopped);
    thread.on('exit', (code) => stopped(new Error(`the search index's thread stopped (exit code ${code})`)));
    worker = thread;
    return thread;
  };
  return {
    write(pages, outDir, config, indexFileBytes) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        const withRecords = pages.flatMap(({ route, records, keptRecords, recordsDigest }) =>
          records || keptRecords ? [{ route, records, keptRecords, recordsDigest }] : [],
        );
        // The config's search settings and base alone: a config may hold what a message cannot carry.
        const { baseUrl, search } = config;
        const thread = started();
        thread.ref();
        thread.postMessage({
          id,
          pages: withRecords,
          outDir,
          config: { baseUrl, search },
          indexFileBytes,
        } satisfies IndexRequest);
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
