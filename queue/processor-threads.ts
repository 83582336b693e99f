/**
 * The BullMQ runner's job attempts run on worker threads, never on the runner's own event loop:
 * CPU-bound inference there would stop BullMQ from renewing job locks (another worker would take
 * the job while it still runs) and stop shutdown timers from firing. A thread that ignores an
 * abort (busy in native code) is ended once its model call returns (endJobThread), which ends its
 * attempts with a known cause.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { ProgressUpdate } from '@craftwell/contracts/handler';
import type { JobName } from '@craftwell/contracts/jobs';
import { CraftwellError } from '@craftwell/contracts/errors';
import { AttemptAbort, failedWith, FAILURES, type AbortCause, type AttemptOutcome } from './attempt.js';
import type { MainToThread, ThreadData, ThreadToMain } from './in-process-protocol.js';
import { isOutOfMemory, JOB_THREAD_RESOURCE_LIMITS, threadEntry } from './thread-entry.js';
import { endJobThread, releaseModelRunsOf, shareModelRunSlots } from './model-run-slots.js';
import { forgetHeldBy, shareHeldResources } from './held-resources.js';

/** At close, how long a thread inside a model call is waited for (the process is exiting anyway). */
const CLOSE_NATIVE_WAIT_MS = 5_000;

export interface ThreadAttempt {
  jobId: string;
  name: JobName;
  payload: unknown;
  attempt: number;
  timeoutMs: number;
  progress(update: ProgressUpdate): void;
  /** Aborted from outside (cancel, shutdown); its reason should be an AttemptAbort. */
  signal: AbortSignal;
}

interface Run {
  thread: Thread;
  attempt: ThreadAttempt;
  resolve(outcome: AttemptOutcome): void;
  watchdog: NodeJS.Timeout;
  /** Why the attempt was asked to stop, if it was: the outcome when its thread has to go. */
  stopRequested?: AbortCause;
}

interface Thread {
  worker: Worker;
  runs: Set<string>;
  /** It died at its heap limit (JOB_THREAD_RESOURCE_LIMITS). */
  outOfMemory?: boolean;
}

export interface ProcessorThreadsOptions {
  processorUrl: string;
  /** The most threads: one starts with the runner, the others when a job finds every thread busy. */
  threads: number;
  /** Time an attempt gets to wind down after an abort before its thread is terminated. */
  abortGraceMs: number;
  /** How long a thread inside a model call is waited for before it is ended anyway (endJobThread). */
  nativeCallWaitMs?: number;
  log(message: string, error?: unknown): void;
}

function stopped(cause: AbortCause): AttemptOutcome {
  return failedWith(FAILURES[cause], cause);
}

export function createProcessorThreads(options: ProcessorThreadsOptions) {
  const threads: Thread[] = [];
  const runs = new Map<string, Run>();
  let closing = false;

  function finish(runId: string, outcome: AttemptOutcome): void {
    const run = runs.get(runId);
    if (!run) return;
    runs.delete(runId);
    run.thread.runs.delete(runId);
    clearTimeout(run.watchdog);
    run.resolve(outcome);
  }

  function spawn(): Promise<Thread> {
    const { entry, eval: isCode } = threadEntry();
    const data: ThreadData = { processorUrl: options.processorUrl, abortGraceMs: options.abortGraceMs };
    // Threads started from here share one limit on model runs (the environment data is copied at start).
    shareModelRunSlots();
    shareHeldResources();
    const worker = new Worker(entry, { workerData: data, eval: isCode, resourceLimits: JOB_THREAD_RESOURCE_LIMITS });
    const workerThreadId = worker.threadId;
    const thread: Thread = { worker, runs: new Set() };
    return new Promise((resolve, reject) => {
      worker.on('message', (message: ThreadToMain) => {
        if (message.type === 'ready') {
          // Ready after close began (started for a job or as a replacement): it must not outlive close.
          if (closing) {
            reject(new CraftwellError('worker_crashed', 'The job runner is closing.'));
            void endJobThread(worker, CLOSE_NATIVE_WAIT_MS);
            return;
          }
          threads.push(thread);
          resolve(thread);
        } else if (message.type === 'init-error') {
          reject(new Error(`The job processor could not be loaded in a worker thread: ${message.message}`));
          void endJobThread(worker);
        } else if (message.type === 'progress') {
          runs.get(message.runId)?.attempt.progress(message.update);
        } else if (message.type === 'outcome') {
          finish(message.runId, message.outcome);
        } else if (message.type === 'log') {
          options.log(message.message);
        }
      });
      worker.on('error', (error) => {
        if (isOutOfMemory(error)) thread.outOfMemory = true;
        options.log('job thread error', error);
      });
      worker.on('exit', (code) => {
        reject(new Error(`A job thread exited during start-up (code ${code})`));
        const index = threads.indexOf(thread);
        if (index >= 0) threads.splice(index, 1);
        // Ended in the middle of a model run: its slot must not stay taken.
        releaseModelRunsOf(workerThreadId);
        // What it held (models, PDF readers) went with it.
        forgetHeldBy(workerThreadId);
        // Its attempts end: stopped on purpose (timeout, cancel, shutdown), out of memory, or crashed.
        const alone = thread.runs.size === 1;
        for (const runId of [...thread.runs]) {
          const run = runs.get(runId)!;
          finish(runId, closing ? stopped('shutdown') : run.stopRequested ? stopped(run.stopRequested)
            : failedWith(thread.outOfMemory && alone ? FAILURES.outOfMemory : FAILURES.crashed));
        }
        // Closing ends a replacement that is still starting: expected then, not a failure to report.
        if (!closing) grow().catch((error) => { if (!closing) options.log('could not replace a job thread', error); });
      });
    });
  }

  /** Threads asked for and not yet ready (counted against the limit). */
  let starting = 0;

  function grow(): Promise<Thread> {
    starting += 1;
    return spawn().finally(() => { starting -= 1; });
  }

  /**
   * The least busy thread; when every thread is busy and the limit allows, a new one. A thread
   * costs a second or more of CPU to load the processor, so an idle runner keeps only one.
   * A thread already there is returned at once, so its run counts before the next pick.
   */
  function pickThread(): Thread | Promise<Thread> {
    let best = threads[0];
    for (const thread of threads) if (thread.runs.size < best.runs.size) best = thread;
    if ((!best || best.runs.size > 0) && !closing && threads.length + starting < Math.max(1, options.threads)) {
      return grow().catch((error: unknown) => {
        if (!best) throw error;
        options.log('could not start another job thread; the job shares a busy one', error);
        return best;
      });
    }
    if (!best) throw new CraftwellError('worker_crashed', 'No job thread is running.');
    return best;
  }

  return {
    /** Starts the first thread: the processor is known to load before any job is taken. */
    async start(): Promise<void> {
      await grow();
    },

    /** Runs an attempt on a thread; it fails (worker_crashed) only when no thread is left. */
    async run(attempt: ThreadAttempt): Promise<AttemptOutcome> {
      const picked = pickThread();
      const thread = picked instanceof Promise ? await picked : picked;
      const runId = randomUUID();
      return new Promise<AttemptOutcome>((resolve) => {
        // The thread enforces the timeout itself; this catches a thread too busy to notice.
        const watchdog = setTimeout(() => {
          run.stopRequested = 'timeout';
          void endJobThread(thread.worker, options.nativeCallWaitMs);
        }, attempt.timeoutMs + options.abortGraceMs + 1000);
        const run: Run = { thread, attempt, resolve, watchdog };
        runs.set(runId, run);
        thread.runs.add(runId);
        const onAbort = () => {
          const reason = attempt.signal.reason;
          const cause: AbortCause = reason instanceof AttemptAbort ? reason.kind : 'cancelled';
          run.stopRequested = cause;
          thread.worker.postMessage({ type: 'abort', runId, reason: cause } satisfies MainToThread);
          // Busy in native code, the thread cannot even read the abort: it is ended instead.
          setTimeout(() => { if (runs.has(runId)) void endJobThread(thread.worker, options.nativeCallWaitMs); }, options.abortGraceMs + 500).unref();
        };
        if (attempt.signal.aborted) onAbort();
        else attempt.signal.addEventListener('abort', onAbort, { once: true });
        thread.worker.postMessage({
          type: 'run', runId, jobId: attempt.jobId, name: attempt.name, payload: attempt.payload,
          attempt: attempt.attempt, timeoutMs: attempt.timeoutMs,
        } satisfies MainToThread);
      });
    },

    /** Threads ready and not ended (starting ones not included). */
    threadCount(): number {
      return threads.length;
    },

    async close(): Promise<void> {
      closing = true;
      await Promise.allSettled(threads.map((thread) => endJobThread(thread.worker, CLOSE_NATIVE_WAIT_MS)));
    },
  };
}

export type ProcessorThreads = ReturnType<typeof createProcessorThreads>;
