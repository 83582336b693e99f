/**
 * BullMQ adapter: one BullMQ queue per QueueName (text, image, pdf) on Redis.
 *
 * Producer (api): fails fast when Redis is down (offline queue off, readiness checked before each
 * call) so the api can answer 503; waits for results through one QueueEvents stream per queue.
 * Runner (worker process): one BullMQ Worker per queue, per-attempt timeouts, retries only for
 * retryable errors, cancellation over Redis pub/sub, stalled-job recovery, graceful close.
 *
 * Job ids are `<queue>-<id>` so any id names its queue; failures are stored in failedReason as
 * `[status] message` (see attempt.ts).
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { JOBS, QUEUE_NAMES, parsePayload, queueOf, type JobName, type JobResult, type QueueName } from '@craftwell/contracts/jobs';
import type { ProgressUpdate } from '@craftwell/contracts/handler';
import {
  AttemptAbort,
  decodeFailure,
  handsJobBack,
  defaultStage,
  encodeFailure,
  failureStatus,
  FAILURES,
  type Failure,
} from './attempt.js';
import {
  JobFailedError,
  JobLostError,
  JobMayRunError,
  QueueUnavailableError,
  type EnqueueOptions,
  type JobProducer,
  type JobRunner,
  type JobState,
  type JobStatus,
  type RunnerOptions,
  type AttemptReport,
} from './types.js';
import { ResultWaiters, type Outcome } from './waiters.js';
import { createProcessorThreads, type ProcessorThreads } from './processor-threads.js';
import { SILENT_CONNECTION_LOG, watchConnection, type ConnectionLog } from './connection-state.js';

export interface BullmqConnectionOptions {
  redisUrl: string;
  /** Key prefix shared by producers and runners of one deployment (default "craftwell"). */
  prefix?: string;
}

export interface BullmqProducerOptions extends BullmqConnectionOptions {
  /** First retry delay; later ones double, with jitter (default 1000 ms). */
  backoffMs?: number;
  /** Upper bound for any single Redis call made on behalf of a request (default 3000 ms). */
  commandTimeoutMs?: number;
  /** While a request waits, how often its job is checked to still exist (default 2000 ms). */
  existenceCheckMs?: number;
  /** Redis going away and coming back: one line each (default: silent). */
  connectionLog?: ConnectionLog;
}

export interface BullmqRunnerOptions extends RunnerOptions, BullmqConnectionOptions {
  /** Lock length; a worker that dies holds a job at most this long (default 30 s). */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for (default 15 s). */
  stalledIntervalMs?: number;
  /** Time a processor gets to wind down after an abort (default 5 s). */
  abortGraceMs?: number;
  log?: (message: string, error?: unknown) => void;
}

const DEFAULT_PREFIX = 'craftwell';
const ID_PATTERN = /^(text|image|pdf)-([A-Za-z0-9_-]{1,100})$/;
/** Finished jobs are kept this long for status polling and Bull Board. */
const KEEP_COMPLETED = { age: 60 * 60, count: 1000 };
const KEEP_FAILED = { age: 24 * 60 * 60, count: 5000 };
const CANCEL_MARK_TTL_S = 24 * 60 * 60;
/** At shutdown, how long ended job threads are waited for (one busy in native code is not). */
const THREAD_EXIT_WAIT_MS = 2000;
const sleepUnref = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
/** Consecutive failed existence checks (Redis unreachable) after which a waiting request gets 503. */
const UNREACHABLE_CHECKS_BEFORE_GIVING_UP = 4;

interface CancelMessage {
  queue: QueueName;
  jobId: string;
}

/** Batch items' BullMQ priority (any number puts them behind jobs that have none). */
const BACKGROUND_PRIORITY = 10;

function cancelChannel(prefix: string): string {
  return `${prefix}:cw:cancel`;
}

function cancelMarkKey(prefix: string, queue: QueueName, jobId: string): string {
  return `${prefix}:cw:cancelled:${queue}:${jobId}`;
}

function parseId(id: string): { queue: QueueName; jobId: string } | null {
  return ID_PATTERN.test(id) ? { queue: id.slice(0, id.indexOf('-')) as QueueName, jobId: id } : null;
}

function toJobState(state: string): JobState | null {
  switch (state) {
    case 'waiting':
    case 'prioritized':
    case 'delayed':
    case 'waiting-children':
      return 'queued';
    case 'active':
      return 'active';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}

function parseReturnValue(value: unknown): JobResult {
  return (typeof value === 'string' ? JSON.parse(value) : value) as JobResult;
}


export function createBullmqProducer(options: BullmqProducerOptions): JobProducer {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const backoffMs = options.backoffMs ?? 1000;
  const commandTimeoutMs = options.commandTimeoutMs ?? 3000;
  const existenceCheckMs = options.existenceCheckMs ?? 2000;
  // One non-blocking connection for all producer calls. No offline queue: a call made while Redis
  // is down fails at once instead of waiting for a reconnect.
  const connection = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: commandTimeoutMs,
    commandTimeout: commandTimeoutMs,
  });
  // Reconnects on its own; callers see QueueUnavailableError, the log one line per state change.
  const connectionLog = options.connectionLog ?? SILENT_CONNECTION_LOG;
  const watch = watchConnection('job queue', connection, connectionLog);
  const queues = new Map<QueueName, Queue>();
  const events = new Map<QueueName, Promise<QueueEvents>>();
  const waiters = new ResultWaiters();
  const eventConnections: Redis[] = [];
  let closed = false;

  function queueFor(name: QueueName): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      watch(queue);
      queues.set(name, queue);
    }
    return queue;
  }

  /** Runs a Redis-backed call, turning "Redis is down" (or too slow) into QueueUnavailableError. */
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    if (closed || connection.status !== 'ready') {
      // `wait` means never connected yet: start connecting, but do not make the caller wait.
      if (connection.status === 'wait') connection.connect().catch(() => {});
      throw new QueueUnavailableError();
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        call(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new QueueUnavailableError()), commandTimeoutMs);
        }),
      ]);
    } catch (error) {
      if (error instanceof JobFailedError || error instanceof QueueUnavailableError) throw error;
      const wrapped = new QueueUnavailableError();
      (wrapped as Error & { cause?: unknown }).cause = error;
      throw wrapped;
    } finally {
      clearTimeout(timer);
    }
  }

  function settle(id: string, outcome: Outcome): void {
    waiters.settle(id, outcome);
  }

  /** One QueueEvents stream per queue, shared by every waiter of that queue. */
  function eventsFor(name: QueueName): Promise<QueueEvents> {
    let pending = events.get(name);
    if (!pending) {
      pending = (async () => {
        // Read from the stream's current end (not from whenever the first XREAD happens), so an
        // event emitted right after a waiter's state check is never missed.
        const last = await connection.xrevrange(queueFor(name).toKey('events'), '+', '-', 'COUNT', 1);
        const streamConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
        const watchStream = watchConnection(`job events (${name})`, streamConnection, connectionLog);
        eventConnections.push(streamConnection);
        const stream = new QueueEvents(name, { prefix, lastEventId: last[0]?.[0] ?? '0-0', connection: streamConnection });
        watchStream(stream);
        stream.on('completed', ({ jobId, returnvalue }) => settle(jobId, { result: parseReturnValue(returnvalue) }));
        stream.on('failed', ({ jobId, failedReason }) => {
          const failure = decodeFailure(failedReason);
          settle(jobId, { error: new JobFailedError(failure) });
        });
        stream.on('removed', ({ jobId }) =>
          settle(jobId, { error: new JobFailedError(FAILURES.cancelled) }),
        );
        await stream.waitUntilReady();
        return stream;
      })();
      pending.catch(() => events.delete(name));
      events.set(name, pending);
    }
    return pending;
  }

  /**
   * The job and its state. A finished job is read again after its state: the first read may
   * predate the finish and lack the return value or failure reason.
   */
  async function snapshot(name: QueueName, jobId: string): Promise<{ job: Job; state: JobState } | null> {
    const queue = queueFor(name);
    let job = await queue.getJob(jobId);
    if (!job) return null;
    const state = toJobState(await job.getState());
    if (!state) return null;
    if (state === 'completed' || state === 'failed') job = await queue.getJob(jobId);
    return job ? { job, state } : null;
  }

  async function cancel(id: string): Promise<void> {
    const parsed = parseId(id);
    if (!parsed) return;
    await guarded(async () => {
      const job = await queueFor(parsed.queue).getJob(parsed.jobId);
      if (!job) return;
      const state = await job.getState();
      if (state === 'completed' || state === 'failed') return;
      // Mark first: a worker that picks the job up from now on fails it at once.
      await connection.set(cancelMarkKey(prefix, parsed.queue, parsed.jobId), '1', 'EX', CANCEL_MARK_TTL_S);
      if (state !== 'active') {
        try {
          await job.remove();
          return;
        } catch {
          // Taken by a worker in the meantime: abort it there.
        }
      }
      const message: CancelMessage = { queue: parsed.queue, jobId: parsed.jobId };
      await connection.publish(cancelChannel(prefix), JSON.stringify(message));
    });
  }

  return {
    kind: 'bullmq',

    jobIdFor: (name, requestId) => `${queueOf(name)}-${requestId}`,

    async enqueue(name, payload, enqueueOptions?: EnqueueOptions) {
      const data = parsePayload(name, payload);
      const queue = queueOf(name);
      const jobId = `${queue}-${enqueueOptions?.jobId ?? randomUUID()}`;
      if (!ID_PATTERN.test(jobId)) throw new Error(`Invalid job id: ${enqueueOptions?.jobId}`);
      const definition = JOBS[name];
      let sent = false;
      try {
        await guarded(() => {
          sent = true;
          return queueFor(queue).add(name, data, {
            jobId,
            attempts: definition.attempts,
            backoff: { type: 'exponential', delay: backoffMs, jitter: 0.5 },
            removeOnComplete: KEEP_COMPLETED,
            removeOnFail: KEEP_FAILED,
            // BullMQ runs jobs without a priority before any prioritised one.
            ...(enqueueOptions?.background ? { priority: BACKGROUND_PRIORITY } : {}),
          });
        });
      } catch (error) {
        // Refused before sending: nothing was written. Failed after: Redis may hold the job.
        if (sent && error instanceof QueueUnavailableError) throw new JobMayRunError();
        throw error;
      }
      return { id: jobId };
    },

    async waitForResult(id, timeoutMs) {
      const parsed = parseId(id);
      if (!parsed) throw new JobFailedError(FAILURES.missing);
      await guarded(() => eventsFor(parsed.queue));
      const wait = waiters.wait(id, timeoutMs, () => { cancel(id).catch(() => {}); });
      // Listening started before the first look-up, so a job finishing in between is not missed.
      // The look-up repeats while waiting: a job that vanished (Redis lost its data) would send
      // no event, and the request would wait for its whole timeout.
      let unreachableChecks = 0;
      let seen = false;
      const look = () => guarded(async () => {
        const found = await snapshot(parsed.queue, parsed.jobId);
        unreachableChecks = 0;
        if (!found) {
          const cancelled = await connection.exists(cancelMarkKey(prefix, parsed.queue, parsed.jobId));
          if (cancelled) return settle(id, { error: new JobFailedError(FAILURES.cancelled) });
          // Never seen: an unknown id. Seen before: the queue lost it.
          return settle(id, { error: seen ? new JobLostError() : new JobFailedError(FAILURES.missing) });
        }
        seen = true;
        if (found.state === 'completed') settle(id, { result: parseReturnValue(found.job.returnvalue) });
        else if (found.state === 'failed') {
          const failure = decodeFailure(found.job.failedReason);
          settle(id, { error: new JobFailedError(failure) });
        }
      }).catch((error: Error) => {
        // A short blip is waited out; a queue that stays unreachable ends the wait with 503.
        if (++unreachableChecks >= UNREACHABLE_CHECKS_BEFORE_GIVING_UP) wait.abandon(error);
      });
      void look();
      const timer = setInterval(() => void look(), existenceCheckMs);
      return wait.promise.finally(() => clearInterval(timer));
    },

    async getStatus(id) {
      const parsed = parseId(id);
      if (!parsed) return null;
      return guarded(async () => {
        const queue = queueFor(parsed.queue);
        const found = await snapshot(parsed.queue, parsed.jobId);
        if (!found) return null;
        const { job, state } = found;
        const name = job.name as JobName;
        const progress = (typeof job.progress === 'object' && job.progress ? job.progress : {}) as Partial<ProgressUpdate>;
        const status: JobStatus = {
          id,
          name,
          ownerId: String((job.data as { userId?: unknown }).userId ?? ''),
          state,
          progress: state === 'completed' ? 100 : Number(progress.progress ?? 0),
          stage: progress.stage ?? defaultStage(name, state),
          attemptsMade: job.attemptsMade,
          createdAt: job.timestamp,
        };
        if (state === 'active' && progress.partial !== undefined) status.partial = progress.partial;
        if (state === 'completed') status.result = parseReturnValue(job.returnvalue);
        if (state === 'failed') status.error = decodeFailure(job.failedReason);
        if (state === 'queued') {
          // BullMQ pushes new jobs on the left and takes from the right.
          const waitKey = queue.toKey('wait');
          const [index, length] = await Promise.all([
            connection.lpos(waitKey, parsed.jobId),
            connection.llen(waitKey),
          ]);
          if (index !== null) status.position = length - index;
          else {
            // A batch item (prioritised): behind the whole wait list, in its priority order.
            const rank = await connection.zrank(queue.toKey('prioritized'), parsed.jobId);
            if (rank !== null) status.position = length + rank + 1;
          }
        }
        return status;
      });
    },

    cancel,

    async ping() {
      await guarded(() => connection.ping());
    },

    async workerPresence() {
      // BullMQ names every worker connection after its queue (CLIENT LIST).
      const counts = await guarded(() => Promise.all(QUEUE_NAMES.map((queue) => queueFor(queue).getWorkersCount())));
      return Object.fromEntries(QUEUE_NAMES.map((queue, i) => [queue, counts[i] > 0])) as Record<QueueName, boolean>;
    },

    async close() {
      closed = true;
      for (const id of waiters.ids()) settle(id, { error: new QueueUnavailableError() });
      const streams = await Promise.allSettled([...events.values()]);
      await Promise.allSettled(streams.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      for (const streamConnection of eventConnections) streamConnection.disconnect();
      connection.disconnect();
    },
  };
}

interface ActiveAttempt {
  controller: AbortController;
  /** When this worker last knew it held the job's lock: the start, then each renewal. */
  lockHeldAt: number;
  /** Handing the job back to the queue (at shutdown), once: see handBack(). */
  handBack(): Promise<void>;
}

/** The BullMQ runner; `threadsBusy` says whether a job thread is still running after close(). */
export interface BullmqRunner extends JobRunner {
  threadsBusy(): boolean;
}

export function createBullmqRunner(options: BullmqRunnerOptions): BullmqRunner {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const abortGraceMs = options.abortGraceMs ?? 5000;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const redisOptions: RedisOptions = { maxRetriesPerRequest: null };
  const workers = new Map<QueueName, Worker>();
  const active = new Map<string, ActiveAttempt>();
  const connections: Redis[] = [];
  let command: Redis | undefined;
  let subscriber: Redis | undefined;
  let threads: ProcessorThreads | undefined;
  let lockWatchdog: NodeJS.Timeout | undefined;
  /** 'closing' while close() still waits for a job thread to end (busy in native code). */
  let threadsClosing: 'open' | 'closing' | 'closed' = 'open';
  const lockDurationMs = options.lockDurationMs ?? 30_000;

  // An outage is one line when Redis goes and one when it is back, not a stack per attempt.
  const connectionLog: ConnectionLog = { down: (m) => log(m), up: (m) => log(m), error: (m, e) => log(m, e) };
  const watchers = new Map<Redis, (user: Worker) => void>();

  function newConnection(purpose: string): Redis {
    const connection = new Redis(options.redisUrl, redisOptions);
    watchers.set(connection, watchConnection(purpose, connection, connectionLog));
    connections.push(connection);
    return connection;
  }

  /**
   * A worker cut off from Redis cannot renew its locks, and BullMQ does not tell it (the renewal
   * call just waits for the connection). Once a job's lock has gone unrenewed for its whole
   * duration it has expired, and the stalled-job check hands the job to another worker: this
   * attempt is stopped then, so the job does not run twice.
   */
  function abortLostLock(jobId: string, why: string): void {
    const attempt = active.get(jobId);
    if (!attempt || attempt.controller.signal.aborted) return;
    log(`job ${jobId}: ${why}; stopping this attempt, another worker takes the job over`);
    attempt.controller.abort(new AttemptAbort('lost'));
  }

  function watchLocks(worker: Worker): void {
    worker.on('locksRenewed', ({ jobIds }: { jobIds: string[] }) => {
      const now = Date.now();
      for (const jobId of jobIds) {
        const attempt = active.get(jobId);
        if (attempt) attempt.lockHeldAt = now;
      }
    });
    worker.on('lockRenewalFailed', (jobIds: string[]) => {
      for (const jobId of jobIds) abortLostLock(jobId, 'its lock could not be renewed');
    });
  }

  function checkLocks(): void {
    const now = Date.now();
    for (const [jobId, attempt] of active) {
      if (now - attempt.lockHeldAt > lockDurationMs) abortLostLock(jobId, `its lock was not renewed for ${lockDurationMs} ms`);
    }
  }

  function finalFailure(failure: Failure): UnrecoverableError {
    return new UnrecoverableError(encodeFailure(failure));
  }

  async function processJob(job: Job, token: string | undefined, signal?: AbortSignal): Promise<JobResult> {
    const queue = queueOf(job.name as JobName);
    const jobId = job.id!;
    const controller = new AbortController();
    const onCancel = () => controller.abort(new AttemptAbort('cancelled'));
    signal?.addEventListener('abort', onCancel, { once: true });
    // From this event loop, with the job's lock token: never behind the job's own computation
    // (its thread may be busy in native code, beyond reach until that call returns).
    let handedBack: Promise<void> | undefined;
    const handBack = () => (handedBack ??= job.moveToWait(token).then(() => undefined));
    active.set(jobId, { controller, lockHeldAt: Date.now(), handBack });
    // A cancel that raced the job's start left a mark. Checked alongside the attempt rather than
    // before it, to keep a Redis round trip off every job's path.
    command!
      .exists(cancelMarkKey(prefix, queue, jobId))
      .then((marked) => marked && onCancel())
      .catch(() => {});
    const startedAt = Date.now();
    const report = (outcome: AttemptReport['outcome'], status?: number) =>
      options.onAttempt?.({ name: job.name as JobName, queue, outcome, durationMs: Date.now() - startedAt, status });
    try {
      const outcome = await threads!.run({
        jobId, name: job.name as JobName, payload: job.data, attempt: job.attemptsMade + 1,
        timeoutMs: JOBS[job.name as JobName].timeoutMs,
        signal: controller.signal,
        // Progress is for show: a Redis that lost the job must not fail the work itself.
        progress: (update) => { job.updateProgress({ ...update }).catch(() => {}); },
      });
      if (outcome.ok) {
        report('completed');
        return outcome.result;
      }
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      report(handsJobBack(outcome.cause) ? 'requeued' : outcome.retryable && !lastAttempt ? 'retried' : 'failed', failureStatus(outcome.failure));
      if (outcome.cause === 'shutdown') {
        // Hand the job back so another worker runs it; this attempt does not count.
        await handBack();
        throw new WaitingError();
      }
      // The lock is gone (this worker was cut off from Redis): the stalled-job check gives the job
      // to another worker. Moving or failing it here would need the lock, so it is left alone.
      if (outcome.cause === 'lost') throw new WaitingError();
      if (outcome.retryable) throw new Error(encodeFailure(outcome.failure));
      throw finalFailure(outcome.failure);
    } finally {
      signal?.removeEventListener('abort', onCancel);
      active.delete(jobId);
    }
  }

  return {
    async start() {
      threads = createProcessorThreads({
        processorUrl: options.processorUrl,
        threads: options.concurrency * options.queues.length,
        abortGraceMs,
        log,
      });
      await threads.start();
      command = newConnection('worker commands');
      await command.ping();

      subscriber = newConnection('worker cancel messages');
      subscriber.on('message', (_channel: string, raw: string) => {
        try {
          const message = JSON.parse(raw) as CancelMessage;
          workers.get(message.queue)?.cancelJob(message.jobId, 'cancelled');
        } catch (error) {
          log('bad cancel message', error);
        }
      });
      await subscriber.subscribe(cancelChannel(prefix));

      for (const queue of options.queues) {
        if (!QUEUE_NAMES.includes(queue)) throw new Error(`Unknown queue: ${queue}`);
        // Three parameters: BullMQ passes an AbortSignal only to processors that take one.
        const connection = newConnection(`queue ${queue} worker`);
        const worker = new Worker(queue, (job: Job, token?: string, signal?: AbortSignal) => processJob(job, token, signal), {
          connection,
          prefix,
          concurrency: options.concurrency,
          // Jobs run on threads, so this event loop renews locks even during inference.
          lockDuration: lockDurationMs,
          stalledInterval: options.stalledIntervalMs ?? 15_000,
          // A job whose worker died is retried once by another worker, then fails clearly.
          maxStalledCount: 1,
          autorun: false,
        });
        watchers.get(connection)!(worker);
        watchLocks(worker);
        workers.set(queue, worker);
      }
      lockWatchdog = setInterval(checkLocks, Math.min(1000, Math.max(100, lockDurationMs / 10)));
      lockWatchdog.unref();
      for (const worker of workers.values()) {
        worker.run().catch((error) => log('worker stopped', error));
        await worker.waitUntilReady();
      }
    },

    async close(graceMs = 30_000) {
      // Worker.close stops fetching at once and resolves when active jobs are done. Those still
      // running when the grace period ends are handed back first, then their threads are ended:
      // a thread busy in native code ends only when that call returns, so that is waited for
      // only briefly (threadsBusy() tells the caller).
      const closing = Promise.all([...workers.values()].map((worker) => worker.close()));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace'>((resolve) => { timer = setTimeout(() => resolve('grace'), graceMs); });
      try {
        if ((await Promise.race([closing.then(() => 'done' as const), graceOver])) === 'grace') {
          const attempts = [...active.entries()];
          await Promise.all(attempts.map(([jobId, attempt]) =>
            attempt.handBack().catch((error) => log(`job ${jobId}: could not hand it back; its lock expires instead`, error))));
          for (const [, attempt] of attempts) attempt.controller.abort(new AttemptAbort('shutdown'));
          // Handed back already; the attempts get their abort grace to stop on their own (and clean
          // up) before their threads are ended.
          const deadline = Date.now() + abortGraceMs;
          while (attempts.some(([jobId]) => active.has(jobId)) && Date.now() < deadline) await sleepUnref(50);
        }
      } finally {
        clearTimeout(timer);
        clearInterval(lockWatchdog);
        threadsClosing = threads ? 'closing' : 'closed';
        const threadsClosed = threads?.close().then(() => { threadsClosing = 'closed'; });
        await Promise.race([threadsClosed, sleepUnref(THREAD_EXIT_WAIT_MS)]);
        // Ended threads end their attempts: let BullMQ see them through before disconnecting.
        if (threadsClosing === 'closed') await Promise.race([closing, sleepUnref(1000)]);
        await subscriber?.unsubscribe().catch(() => {});
        for (const connection of connections) connection.disconnect();
      }
    },

    threadsBusy() {
      return threadsClosing === 'closing';
    },
  };
}
