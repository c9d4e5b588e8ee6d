import { parentPort, workerData } from 'node:worker_threads';
import { thrownValue } from '../errors.ts';
import type { ValidateReply, ValidateRequest } from './validateInThread.ts';
import { validateOpenApi } from './validateOpenApi.ts';

/** The description's check in a thread of its own (validateInThread.ts): checks it, answers, ends. */
const { api } = workerData as ValidateRequest;
let reply: ValidateReply;
try {
  await validateOpenApi(api);
  reply = {};
} catch (error) {
  reply = { error: thrownValue(error) };
}
parentPort!.postMessage(reply);
