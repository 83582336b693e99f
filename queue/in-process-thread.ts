/**
 * Worker-thread side of the in-process adapter: imports the processor module once (models stay
 * warm for the thread's life) and runs the attempts the main thread sends it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { JobName } from '@craftwell/contracts/jobs';
import { AttemptAbort, runAttempt, type AbortCause } from './attempt.js';
import type { ProcessorModule } from './types.js';
import type { MainToThread, ThreadToMain, ThreadData } from './in-process-protocol.js';

const port = parentPort!;
const data = workerData as ThreadData;
const send = (message: ThreadToMain) => port.postMessage(message);
const controllers = new Map<string, AbortController>();

try {
  const module = (await import(data.processorUrl)) as ProcessorModule;
  const processor = await module.default();

  port.on('message', (message: MainToThread) => {
    if (message.type === 'abort') {
      controllers.get(message.runId)?.abort(new AttemptAbort(message.reason as AbortCause));
      return;
    }
    const controller = new AbortController();
    controllers.set(message.runId, controller);
    void runAttempt(
      processor,
      { id: message.jobId, name: message.name as JobName, payload: message.payload, attempt: message.attempt },
      {
        timeoutMs: message.timeoutMs,
        external: controller.signal,
        abortGraceMs: data.abortGraceMs,
        progress: async (update) => send({ type: 'progress', runId: message.runId, update }),
        onError: (error) => send({ type: 'log', message: `job ${message.jobId} (${message.name}) attempt failed: ${(error as Error)?.stack ?? String(error)}` }),
      },
    )
      .then((outcome) => send({ type: 'outcome', runId: message.runId, outcome }))
      .finally(() => controllers.delete(message.runId));
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'init-error', message: (error as Error)?.stack ?? String(error) });
}
