import { parentPort, workerData } from 'node:worker_threads';
import { build } from './build.ts';
import { thrownValue } from '../errors.ts';
import type { BuildThreadData, BuildThreadMessage } from './buildThread.ts';

/** The build's thread (buildThread.ts): runs one build, sending its log lines, progress and result. */
const send = (message: BuildThreadMessage) => parentPort!.postMessage(message);
try {
  send({
    result: await build({
      ...(workerData as BuildThreadData),
      log: (line) => send({ log: line }),
      onProgress: (progress) => send({ progress }),
    }),
  });
} catch (error) {
  send({ error: thrownValue(error) });
}
