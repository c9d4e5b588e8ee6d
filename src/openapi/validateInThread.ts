import { Worker } from 'node:worker_threads';
import { fromThrownValue, type ThrownValue } from '../errors.ts';
import type { OpenApiModel } from './openApiModel.ts';
import { compiledWorkerFile } from '../engineRoot.ts';

/** What the check's thread is given (a structured clone of the description as loaded), and what it answers. */
export interface ValidateRequest {
  api: OpenApiModel;
}
export interface ValidateReply {
  error?: ThrownValue;
}

/**
 * Redocly's check of a description (validateOpenApi), in a thread of its own when the engine is
 * compiled (bin/compileEngine.js sets DOCSGEN_ENGINE_DIR), else in this thread (from source: most
 * tests). The dev server checks a split reference after its overview is served and after each
 * save of the description: GitHub's check took the serving thread 1.3–1.4 s of CPU each time, and
 * a request arriving then waited for it. The thread is given the loaded model, as the description
 * files' thread is (GitHub's: tens of ms to post, against Redocly parsing it again), and ends with
 * the check, taking its memory with it.
 */
export async function validateInThread(api: OpenApiModel): Promise<void> {
  const workerFile = compiledWorkerFile('src/openapi/validateWorker.mjs');
  if (!workerFile) return (await import('./validateOpenApi.ts')).validateOpenApi(api);
  const worker = new Worker(workerFile, { workerData: { api } satisfies ValidateRequest });
  const reply = await new Promise<ValidateReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    // After its answer, this does nothing (a promise settles once).
    worker.once('exit', (code) =>
      reject(new Error(`the description's check stopped (exit code ${code}) before it ended`)),
    );
  });
  if (reply.error) throw fromThrownValue(reply.error);
}
