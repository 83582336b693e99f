/**
 * In-process adapter: the same JobProducer / JobRunner contract as BullMQ, for embedded mode
 * without Redis. Jobs wait in memory and run on worker threads; each thread imports the
 * processor module once and keeps it (and its models) warm. Per-queue concurrency, per-attempt
 * timeouts, retries with backoff, cancellation, progress and graceful shutdown all happen here.
 *
 * Jobs live as long as the process: a restart loses queued jobs (their waiters get 503 first).
 */
import { randomUUID } from 'node:crypto';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { isOutOfMemory, JOB_THREAD_RESOURCE_LIMITS, threadEntry } from './thread-entry.js';
import { endJobThread, releaseModelRunsOf, shareModelRunSlots } from './model-run-slots.js';

/** At close, how long a thread inside a model call is waited for (the process is exiting anyway). */
const CLOSE_NATIVE_WAIT_MS = 5_000;
import { JOBS, QUEUE_NAMES, parsePayload, queueOf, type JobName, type JobResult, type QueueName } from '@craftwell/contracts/jobs';
import { backoffDelay, defaultStage, FAILURES, failureStatus, type AbortCause, type AttemptOutcome, type Failure } from './attempt.js';
import { ERRORS } from '@craftwell/contracts/errors';
import type { MainToThread, ThreadData, ThreadToMain } from './in-process-protocol.js';
import {
  JobFailedError,
  QueueUnavailableError,
  type JobProducer,
  type JobRunner,
  type JobState,
  type JobStatus,
  type AttemptReport,
} from './types.js';
import { ResultWaiters, type Outcome } from './waiters.js';
import type { QueueInspector } from './inspect.js';

export interface InProcessQueueOptions {
  /** The most worker threads (each runs several async jobs at once): one starts with the runner, the others when a job finds every thread busy. */
  threads: number;
  /** file URL of a ProcessorModule, imported once in every thread. */
  processorUrl: string;
  /** Jobs running at once per queue: one number for all, or per queue (default: threads). */
  concurrency?: number | Partial<Record<QueueName, number>>;
  /** First retry delay; later ones double, with jitter (default 1000 ms). */
  backoffMs?: number;
  /** Time a processor gets to wind down after an abort before its thread is replaced (default 5 s). */
  abortGraceMs?: number;
  /** Finished jobs are kept this long for status polling (default 1 h, at most 1000 of them). */
  retentionMs?: number;
  log?: (message: string, error?: unknown) => void;
  /** The threads' environment (default: this process's). */
  env?: Record<string, string | undefined>;
  /** The threads' memory limits (default JOB_THREAD_RESOURCE_LIMITS; tests lower them). */
  resourceLimits?: ResourceLimits;
  /** Called after every attempt (metrics). */
  onAttempt?: (report: AttemptReport) => void;
}

export interface InProcessQueue {
  producer: JobProducer;
  runner: JobRunner;
  /** Counts this process knows: its own jobs, finished ones for the retention time only. */
  inspector: QueueInspector;
  /** Worker threads started and not ended (starting ones included). */
  threadCount(): number;
}

const MAX_FINISHED = 1000;
const MAX_REMEMBERED_CANCELS = 1000;
const JOB_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

interface Entry {
  id: string;
  name: JobName;
  queue: QueueName;
  payload: unknown;
  ownerId: string;
  createdAt: number;
  state: JobState;
  progress: number;
  stage: string;
  partial?: string;
  result?: JobResult;
  error?: Failure;
  attemptsMade: number;
  run?: { runId: string; thread: Thread; watchdog: NodeJS.Timeout; startedAt: number };
  retryTimer?: NodeJS.Timeout;
  /** Why the running attempt was asked to stop, if it was. */
  stopRequested?: AbortCause;
  /** A batch item: queued behind every interactive job. */
  background?: boolean;
}

interface Thread {
  worker: Worker;
  runs: Map<string, string>; // runId -> job id
  ready: boolean;
  /** It died at its heap limit (JOB_THREAD_RESOURCE_LIMITS). */
  outOfMemory?: boolean;
}


export function createInProcessQueue(options: InProcessQueueOptions): InProcessQueue {
  const backoffMs = options.backoffMs ?? 1000;
  const abortGraceMs = options.abortGraceMs ?? 5000;
  const retentionMs = options.retentionMs ?? 60 * 60 * 1000;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const limits = new Map<QueueName, number>(
    QUEUE_NAMES.map((queue) => {
      const configured = typeof options.concurrency === 'number' ? options.concurrency : options.concurrency?.[queue];
      return [queue, Math.max(1, configured ?? options.threads)];
    }),
  );

  const jobs = new Map<string, Entry>();
  const waiting = new Map<QueueName, string[]>(QUEUE_NAMES.map((queue) => [queue, []]));
  const activeCount = new Map<QueueName, number>(QUEUE_NAMES.map((queue) => [queue, 0]));
  const waiters = new ResultWaiters();
  const finishedOrder: string[] = [];
  const cancelled = new Set<string>();
  const threads: Thread[] = [];
  let idleListeners: Array<() => void> = [];
  let started = false;
  let closing = false;
  let producerClosed = false;

  // ---- bookkeeping -------------------------------------------------------------------------

  function settle(id: string, outcome: Outcome): void {
    waiters.settle(id, outcome);
  }

  function retire(entry: Entry): void {
    finishedOrder.push(entry.id);
    setTimeout(() => {
      if (jobs.get(entry.id) === entry) jobs.delete(entry.id);
    }, retentionMs).unref();
    while (finishedOrder.length > MAX_FINISHED) jobs.delete(finishedOrder.shift()!);
  }

  function complete(entry: Entry, result: JobResult): void {
    Object.assign(entry, { state: 'completed', progress: 100, result, partial: undefined });
    retire(entry);
    settle(entry.id, { result });
  }

  function fail(entry: Entry, failure: Failure): void {
    Object.assign(entry, { state: 'failed', error: failure, partial: undefined });
    retire(entry);
    settle(entry.id, { error: new JobFailedError(failure) });
  }

  function totalActive(): number {
    let total = 0;
    for (const count of activeCount.values()) total += count;
    return total;
  }

  function endRun(entry: Entry): void {
    if (!entry.run) return;
    clearTimeout(entry.run.watchdog);
    entry.run.thread.runs.delete(entry.run.runId);
    entry.run = undefined;
    entry.attemptsMade += 1;
    activeCount.set(entry.queue, activeCount.get(entry.queue)! - 1);
    if (totalActive() === 0) {
      const listeners = idleListeners;
      idleListeners = [];
      for (const listener of listeners) listener();
    }
  }

  function whenIdle(timeoutMs: number): Promise<void> {
    if (totalActive() === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      idleListeners.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Retry later, or fail for good. */
  function retryOrFail(entry: Entry, failure: Failure, retryable: boolean, immediately = false): void {
    if (retryable && !closing && entry.attemptsMade < JOBS[entry.name].attempts) {
      Object.assign(entry, { state: 'queued', stage: defaultStage(entry.name, 'queued'), partial: undefined });
      const requeue = () => {
        entry.retryTimer = undefined;
        queueUp(entry);
        dispatch();
      };
      if (immediately) requeue();
      else entry.retryTimer = setTimeout(requeue, backoffDelay(backoffMs, entry.attemptsMade));
      return;
    }
    fail(entry, failure);
  }

  // ---- threads -----------------------------------------------------------------------------

  function send(thread: Thread, message: MainToThread): void {
    thread.worker.postMessage(message);
  }

  function spawnThread(): Promise<Thread> {
    const { entry, eval: isCode } = threadEntry();
    const data: ThreadData = { processorUrl: options.processorUrl, abortGraceMs };
    // Threads started from here share one limit on model runs (the environment data is copied at start).
    shareModelRunSlots();
    const worker = new Worker(entry, { workerData: data, eval: isCode, env: options.env, resourceLimits: options.resourceLimits ?? JOB_THREAD_RESOURCE_LIMITS });
    const workerThreadId = worker.threadId;
    const thread: Thread = { worker, runs: new Map(), ready: false };
    threads.push(thread);
    return new Promise((resolve, reject) => {
      worker.on('message', (message: ThreadToMain) => {
        switch (message.type) {
          case 'ready':
            thread.ready = true;
            resolve(thread);
            dispatch();
            break;
          case 'init-error':
            reject(new Error(`The job processor could not be loaded in a worker thread: ${message.message}`));
            void endJobThread(worker);
            break;
          case 'progress':
            onProgress(thread, message.runId, message.update);
            break;
          case 'outcome':
            onOutcome(thread, message.runId, message.outcome);
            break;
          case 'log':
            log(message.message);
            break;
        }
      });
      worker.on('error', (error) => {
        if (isOutOfMemory(error)) thread.outOfMemory = true;
        log('in-process queue: worker thread error', error);
      });
      worker.on('exit', (code) => {
        reject(new Error(`Worker thread exited during start-up (code ${code})`));
        // Ended in the middle of a model run: its slot must not stay taken.
        releaseModelRunsOf(workerThreadId);
        onThreadExit(thread);
      });
    });
  }

  function onProgress(thread: Thread, runId: string, update: { progress: number; stage: string; partial?: string }): void {
    const entry = jobs.get(thread.runs.get(runId) ?? '');
    if (!entry || entry.run?.runId !== runId) return;
    entry.progress = Math.max(0, Math.min(100, update.progress));
    entry.stage = update.stage;
    entry.partial = update.partial;
  }

  function onOutcome(thread: Thread, runId: string, outcome: AttemptOutcome): void {
    const entry = jobs.get(thread.runs.get(runId) ?? '');
    if (!entry || entry.run?.runId !== runId) return;
    const durationMs = Date.now() - entry.run.startedAt;
    endRun(entry);
    if (options.onAttempt) {
      const retried = !outcome.ok && outcome.retryable && !closing && entry.attemptsMade < JOBS[entry.name].attempts;
      options.onAttempt({ name: entry.name, queue: entry.queue, outcome: outcome.ok ? 'completed' : retried ? 'retried' : 'failed', durationMs, status: outcome.ok ? undefined : failureStatus(outcome.failure) });
    }
    if (outcome.ok) complete(entry, outcome.result);
    else retryOrFail(entry, outcome.failure, outcome.retryable);
    dispatch();
  }

  /** A thread died (crash, process.exit in a processor, or terminated by the watchdog). */
  function onThreadExit(thread: Thread): void {
    threads.splice(threads.indexOf(thread), 1);
    const alone = thread.runs.size === 1;
    for (const jobId of [...thread.runs.values()]) {
      const entry = jobs.get(jobId);
      if (!entry?.run) continue;
      endRun(entry);
      if (closing) fail(entry, FAILURES.shutdown);
      else if (entry.stopRequested) fail(entry, FAILURES[entry.stopRequested]);
      // At the heap limit alone: the same input would fill it again.
      else if (thread.outOfMemory && alone) fail(entry, FAILURES.outOfMemory);
      // Like a stalled BullMQ job: run it again on another thread while attempts remain.
      else retryOrFail(entry, FAILURES.crashed, ERRORS.worker_crashed.retryable, true);
    }
    if (started && !closing) {
      // Closing ends a replacement that is still starting: expected then, not a failure to report.
      spawnThread().catch((error) => { if (!closing) log('in-process queue: could not replace a worker thread', error); });
    }
    dispatch();
  }

  function pickThread(): Thread | undefined {
    let best: Thread | undefined;
    for (const thread of threads) {
      if (thread.ready && (!best || thread.runs.size < best.runs.size)) best = thread;
    }
    return best;
  }

  /**
   * Whether a job should wait for another thread: every ready thread is busy and one is starting,
   * or the limit allows one more, which is started. A thread costs a second or more of CPU to load
   * the processor, so an idle queue keeps only one.
   */
  function waitForAnotherThread(best: Thread | undefined): boolean {
    if (best && best.runs.size === 0) return false;
    if (threads.some((thread) => !thread.ready)) return true;
    if (threads.length >= Math.max(1, options.threads)) return false;
    spawnThread().catch((error) => { if (!closing) log('in-process queue: could not start another worker thread', error); });
    return true;
  }

  /** Interactive jobs go before the first batch item waiting; batch items at the end. */
  function queueUp(entry: Entry): void {
    const list = waiting.get(entry.queue)!;
    const firstBackground = entry.background ? -1 : list.findIndex((id) => jobs.get(id)?.background);
    if (firstBackground === -1) list.push(entry.id);
    else list.splice(firstBackground, 0, entry.id);
  }

  function dispatch(): void {
    if (!started || closing) return;
    for (const queue of QUEUE_NAMES) {
      const list = waiting.get(queue)!;
      while (list.length > 0 && activeCount.get(queue)! < limits.get(queue)!) {
        const thread = pickThread();
        if (waitForAnotherThread(thread) || !thread) return;
        const entry = jobs.get(list.shift()!);
        if (!entry) continue;
        startRun(entry, thread);
      }
    }
  }

  function startRun(entry: Entry, thread: Thread): void {
    const runId = randomUUID();
    const timeoutMs = JOBS[entry.name].timeoutMs;
    // The thread enforces the timeout itself; this catches a thread too busy to notice.
    const watchdog = setTimeout(() => {
      entry.stopRequested = 'timeout';
      void endJobThread(thread.worker);
    }, timeoutMs + abortGraceMs + 1000);
    entry.run = { runId, thread, watchdog, startedAt: Date.now() };
    entry.stopRequested = undefined;
    Object.assign(entry, { state: 'active', progress: 0, stage: defaultStage(entry.name, 'active'), partial: undefined });
    activeCount.set(entry.queue, activeCount.get(entry.queue)! + 1);
    thread.runs.set(runId, entry.id);
    send(thread, {
      type: 'run',
      runId,
      jobId: entry.id,
      name: entry.name,
      payload: entry.payload,
      attempt: entry.attemptsMade + 1,
      timeoutMs,
    });
  }

  function stop(entry: Entry, reason: AbortCause): void {
    if (!entry.run) return;
    entry.stopRequested = reason;
    send(entry.run.thread, { type: 'abort', runId: entry.run.runId, reason });
  }

  // ---- producer ----------------------------------------------------------------------------

  function assertOpen(): void {
    if (producerClosed || closing) throw new QueueUnavailableError();
  }

  async function cancel(id: string): Promise<void> {
    const entry = jobs.get(id);
    if (!entry || entry.state === 'completed' || entry.state === 'failed') return;
    if (entry.state === 'active') return stop(entry, 'cancelled');
    // Queued (or waiting for a retry): it never runs again.
    clearTimeout(entry.retryTimer);
    const list = waiting.get(entry.queue)!;
    const index = list.indexOf(id);
    if (index >= 0) list.splice(index, 1);
    jobs.delete(id);
    cancelled.add(id);
    if (cancelled.size > MAX_REMEMBERED_CANCELS) cancelled.delete(cancelled.values().next().value!);
    settle(id, { error: new JobFailedError(FAILURES.cancelled) });
  }

  const producer: JobProducer = {
    kind: 'in-process',

    jobIdFor: (_name, requestId) => requestId,

    async enqueue(name, payload, enqueueOptions) {
      assertOpen();
      const data = parsePayload(name, payload);
      const requested = enqueueOptions?.jobId;
      if (requested !== undefined && !JOB_ID_PATTERN.test(requested)) throw new Error(`Invalid job id: ${requested}`);
      const id = requested ?? randomUUID();
      if (jobs.has(id)) return { id };
      const queue = queueOf(name);
      jobs.set(id, {
        id,
        name,
        queue,
        payload: data,
        ownerId: String((data as { userId: string }).userId),
        createdAt: Date.now(),
        state: 'queued',
        progress: 0,
        stage: defaultStage(name, 'queued'),
        attemptsMade: 0,
        background: enqueueOptions?.background === true,
      });
      queueUp(jobs.get(id)!);
      dispatch();
      return { id };
    },

    async waitForResult(id, timeoutMs) {
      assertOpen();
      const entry = jobs.get(id);
      if (!entry) {
        const failure = cancelled.has(id) ? FAILURES.cancelled : FAILURES.missing;
        throw new JobFailedError(failure);
      }
      if (entry.state === 'completed') return entry.result!;
      if (entry.state === 'failed') throw new JobFailedError(entry.error!);
      return waiters.wait(id, timeoutMs, () => void cancel(id)).promise;
    },

    async getStatus(id) {
      const entry = jobs.get(id);
      if (!entry) return null;
      const status: JobStatus = {
        id,
        name: entry.name,
        ownerId: entry.ownerId,
        state: entry.state,
        progress: entry.progress,
        stage: entry.stage,
        attemptsMade: entry.attemptsMade,
        createdAt: entry.createdAt,
      };
      if (entry.state === 'active' && entry.partial !== undefined) status.partial = entry.partial;
      if (entry.state === 'completed') status.result = entry.result;
      if (entry.state === 'failed') status.error = entry.error;
      if (entry.state === 'queued') {
        const index = waiting.get(entry.queue)!.indexOf(id);
        if (index >= 0) status.position = index + 1;
      }
      return status;
    },

    cancel,

    async ping() {
      assertOpen();
    },

    async workerPresence() {
      return Object.fromEntries(QUEUE_NAMES.map((queue) => [queue, true])) as Record<QueueName, boolean>;
    },

    async close() {
      producerClosed = true;
      for (const id of waiters.ids()) settle(id, { error: new QueueUnavailableError() });
    },
  };

  // ---- runner ------------------------------------------------------------------------------

  const runner: JobRunner = {
    async start() {
      if (started) return;
      // One thread: the processor is known to load before any job is taken.
      try {
        await spawnThread();
      } catch (error) {
        await Promise.allSettled(threads.map((thread) => endJobThread(thread.worker, CLOSE_NATIVE_WAIT_MS)));
        throw error;
      }
      started = true;
      dispatch();
    },

    async close(graceMs = 30_000) {
      if (closing) return;
      closing = true;
      // Nothing will run queued jobs any more: tell their waiters now.
      for (const [queue, list] of waiting) {
        for (const id of list.splice(0)) {
          const entry = jobs.get(id);
          if (entry) fail(entry, FAILURES.shutdown);
        }
        void queue;
      }
      for (const entry of jobs.values()) {
        if (entry.retryTimer) {
          clearTimeout(entry.retryTimer);
          fail(entry, FAILURES.shutdown);
        }
      }
      await whenIdle(graceMs);
      for (const entry of jobs.values()) if (entry.state === 'active') stop(entry, 'shutdown');
      await whenIdle(abortGraceMs + 500);
      await Promise.allSettled(threads.map((thread) => endJobThread(thread.worker, CLOSE_NATIVE_WAIT_MS)));
    },
  };

  const inspector: QueueInspector = {
    async overview(failedLimit = 20) {
      const all = [...jobs.values()];
      const failed = all
        .filter((entry) => entry.state === 'failed')
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, failedLimit)
        .map((entry) => ({
          id: entry.id, queue: entry.queue, name: entry.name, code: entry.error?.code ?? 'internal', status: failureStatus(entry.error ?? FAILURES.internal), message: entry.error?.message ?? '',
          failedAt: null, attemptsMade: entry.attemptsMade,
        }));
      const queues = QUEUE_NAMES.map((queue) => {
        const mine = all.filter((entry) => entry.queue === queue);
        return {
          queue, waiting: waiting.get(queue)?.length ?? 0, active: activeCount.get(queue) ?? 0, delayed: 0,
          failed: mine.filter((entry) => entry.state === 'failed').length,
          completed: mine.filter((entry) => entry.state === 'completed').length,
        };
      });
      return { kind: 'in-process', queues, failed };
    },
    async close() {},
  };

  return { producer, runner, inspector, threadCount: () => threads.length };
}
