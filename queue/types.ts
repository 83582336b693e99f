/**
 * The queue seam. Two adapters implement it — BullMQ on Redis (bullmq.ts) and an in-process
 * adapter on worker threads (in-process.ts) — and both pass conformance/queue-conformance.ts.
 *
 * Producer side (api): enqueue, wait, status, cancel. Consumer side (worker): a runner that loads a
 * processor module and executes jobs with progress, timeouts, retries and graceful shutdown.
 */
import type { JobName, JobPayload, JobResult, QueueName } from '@craftwell/contracts/jobs';
import type { ProgressUpdate } from '@craftwell/contracts/handler';
import { CraftwellError } from '@craftwell/contracts/errors';
import type { Failure } from './attempt.js';

export type JobState = 'queued' | 'active' | 'completed' | 'failed';

export interface JobStatus {
  id: string;
  name: JobName;
  /** payload.userId — the api answers status only to the owner. */
  ownerId: string;
  state: JobState;
  progress: number;            // 0-100
  stage: string;
  partial?: string;            // streamed text so far, while active
  position?: number;           // 1-based place in its queue while queued
  result?: JobResult;          // when completed
  error?: Failure;             // when failed
  attemptsMade: number;
  createdAt: number;
}

export interface EnqueueOptions {
  /** Dedup / idempotency id; generated when absent. */
  jobId?: string;
  /**
   * A batch item: it waits behind every interactive job of its queue, so one user's long batch
   * never holds up another user's single request by more than the job already running.
   */
  background?: boolean;
}

/*
 * What the producer side throws, in the one vocabulary (contracts/errors.ts): each is a
 * CraftwellError with its code, so the api answers it like any other (status, Retry-After).
 */

/** Raised by waitForResult when the job failed: the code and message its processor gave. */
export class JobFailedError extends CraftwellError {
  constructor(failure: Failure) {
    super(failure.code, failure.message);
    this.name = 'JobFailedError';
  }
}

/** Raised by waitForResult when the wait timed out (the job has been cancelled). */
export class JobTimeoutError extends CraftwellError {
  constructor() {
    super('timeout', 'This is taking longer than expected, so the job was cancelled. Please try again.');
    this.name = 'JobTimeoutError';
  }
}

/** Raised when the queue backend is unreachable at request time. */
export class QueueUnavailableError extends CraftwellError {
  constructor(message?: string) {
    super('queue_unavailable', message);
    this.name = 'QueueUnavailableError';
  }
}

/**
 * Raised by waitForResult when the job vanished from the queue (Redis lost its data): nothing
 * will finish it. The api checks for a saved result before answering.
 */
export class JobLostError extends CraftwellError {
  constructor() {
    super('job_lost');
    this.name = 'JobLostError';
  }
}

export interface JobProducer {
  readonly kind: 'bullmq' | 'in-process';
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<{ id: string }>;
  /** The queue id enqueue gives a job enqueued with { jobId: requestId }. */
  jobIdFor(name: JobName, requestId: string): string;
  /**
   * Resolves with the result, or throws JobFailedError / JobTimeoutError (after cancelling),
   * JobLostError (the job vanished) or QueueUnavailableError (the queue stayed unreachable).
   */
  waitForResult(id: string, timeoutMs: number): Promise<JobResult>;
  getStatus(id: string): Promise<JobStatus | null>;
  cancel(id: string): Promise<void>;
  ping(): Promise<void>;
  /** Whether some worker serves each queue right now (in-process: always). */
  workerPresence(): Promise<Record<QueueName, boolean>>;
  close(): Promise<void>;
}

/** What a processor sees for one job attempt. */
export interface RunningJob<N extends JobName = JobName> {
  id: string;
  name: N;
  payload: JobPayload<N>;
  /** 1 for the first attempt. */
  attempt: number;
  signal: AbortSignal;
  progress(update: ProgressUpdate): Promise<void>;
}

/**
 * A processor runs one job attempt. It throws the vocabulary's errors (a `code` from
 * contracts/errors.ts); the code alone decides whether the attempt is retried.
 */
export type Processor = (job: RunningJob) => Promise<JobResult>;

/**
 * Processors are loaded from a module (so the in-process adapter can load them inside worker
 * threads, and BullMQ workers in their own process): the module's default export creates one.
 */
export interface ProcessorModule {
  default: () => Promise<Processor>;
}

export interface RunnerOptions {
  queues: QueueName[];
  concurrency: number;
  /** file URL of a ProcessorModule */
  processorUrl: string;
  /** Called after every attempt (metrics). */
  onAttempt?: (report: AttemptReport) => void;
}

/** One finished job attempt, as metrics count it. */
export interface AttemptReport {
  name: JobName;
  queue: QueueName;
  /** completed; failed for good; retried (another attempt follows); requeued (handed back at shutdown) */
  outcome: 'completed' | 'failed' | 'retried' | 'requeued';
  durationMs: number;
  /** The failure's HTTP status (its code's), when it failed. */
  status?: number;
}

export interface JobRunner {
  start(): Promise<void>;
  /** Stop taking jobs; let active ones finish (or hand them back) within the grace period. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Raised by enqueue when the queue failed after the job was sent to it (a timeout, a dropped
 * connection): the job may have been written and may still run. The api answers 202 with the
 * job's id (the client polls it), never a failure for a job that may be charged.
 */
export class JobMayRunError extends QueueUnavailableError {
  constructor(message = 'The job queue stopped answering after this job was sent; it may still run.') {
    super(message);
    this.name = 'JobMayRunError';
  }
}
