/**
 * What both queue adapters share about running one job attempt: the per-attempt timeout and
 * cancellation (one AbortSignal for the processor), and turning whatever the processor threw into
 * a failure a person can read, plus whether it may be retried.
 */
import type { JobName, JobResult } from '@craftwell/contracts/jobs';
import { JOBS } from '@craftwell/contracts/jobs';
import type { ProgressUpdate } from '@craftwell/contracts/handler';
import type { JobState, Processor } from './types.js';

/**
 * Why an attempt was aborted. `shutdown` and `lost` hand the job back (its inputs and quota stay
 * for the next attempt): the worker is stopping, or it lost its job lock (cut off from Redis) and
 * another worker takes the job over.
 */
export type AbortCause = 'timeout' | 'cancelled' | 'shutdown' | 'lost';

/** True when an aborted attempt leaves the job to another attempt rather than ending it. */
export function handsJobBack(cause: unknown): boolean {
  return cause === 'shutdown' || cause === 'lost';
}

export class AttemptAbort extends Error {
  constructor(readonly kind: AbortCause) {
    super(`Job attempt aborted: ${kind}`);
    this.name = 'AttemptAbort';
  }
}

export interface Failure {
  message: string;
  status: number;
}

export type AttemptOutcome =
  | { ok: true; result: JobResult }
  | { ok: false; failure: Failure; retryable: boolean; cause?: AbortCause };

export const FAILURES = {
  cancelled: { message: 'The job was cancelled.', status: 409 },
  timeout: { message: 'This took too long, so the job was stopped. Please try again.', status: 504 },
  shutdown: { message: 'The server is restarting, so the job was stopped. Please try again.', status: 503 },
  lost: { message: 'The worker running this job lost contact with the queue; another worker takes it over.', status: 503 },
  crashed: { message: 'The worker running this job stopped unexpectedly. Please try again.', status: 500 },
  /** Its thread reached the job memory limit: the same input would again, so it is not retried. */
  outOfMemory: { message: 'This input needs more memory than one job may use, so it was stopped. Please try a smaller or simpler file.', status: 413 },
  internal: { message: 'Something went wrong while running this job. Please try again.', status: 500 },
  transient: { message: 'The AI service is busy right now. Please try again in a moment.', status: 503 },
} as const satisfies Record<string, Failure>;

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}

/**
 * Errors carry `retryable` and `status` (contracts/handler.ts). Only `retryable === true` is
 * retried. An error without a status is a bug: its text stays in the logs, the user gets a
 * generic message.
 */
export function classifyError(error: unknown): { failure: Failure; retryable: boolean } {
  const status = statusOf(error);
  const message = (error as { message?: unknown })?.message;
  const readable = status !== undefined && typeof message === 'string' && message.length > 0;
  if ((error as { retryable?: unknown })?.retryable === true) {
    return { failure: readable ? { message: message as string, status: status! } : FAILURES.transient, retryable: true };
  }
  return { failure: readable ? { message: message as string, status: status! } : FAILURES.internal, retryable: false };
}

/** BullMQ keeps one string per failure: `[status] message`, readable in Bull Board too. */
export function encodeFailure(failure: Failure): string {
  return `[${failure.status}] ${failure.message}`;
}

export function decodeFailure(reason: string | undefined): Failure {
  const match = /^\[(\d{3})\] ([\s\S]*)$/.exec(reason ?? '');
  if (match) return { status: Number(match[1]), message: match[2] };
  // BullMQ's own reasons ("job stalled more than allowable limit", lock errors...).
  if (/stalled/i.test(reason ?? '')) return FAILURES.crashed;
  return FAILURES.internal;
}

/** The stage shown before the processor reports one. */
export function defaultStage(name: JobName, state: JobState): string {
  const stages = JOBS[name].stages;
  return state === 'active' ? (stages[1] ?? stages[0]) : stages[0];
}

export interface AttemptInput {
  id: string;
  name: JobName;
  payload: unknown;
  attempt: number;
}

export interface AttemptOptions {
  timeoutMs: number;
  /** Aborted from outside (cancel, shutdown); its reason should be an AttemptAbort. */
  external?: AbortSignal;
  progress(update: ProgressUpdate): Promise<void>;
  /** How long a processor may take to wind down after an abort before the attempt is given up. */
  abortGraceMs: number;
  onError?(error: unknown): void;
}

export async function runAttempt(processor: Processor, job: AttemptInput, options: AttemptOptions): Promise<AttemptOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AttemptAbort('timeout')), options.timeoutMs);
  const forward = () => {
    const reason = options.external?.reason;
    controller.abort(reason instanceof AttemptAbort ? reason : new AttemptAbort('cancelled'));
  };
  if (options.external?.aborted) forward();
  else options.external?.addEventListener('abort', forward, { once: true });

  const causeOf = (): AbortCause => (controller.signal.reason as AttemptAbort).kind;
  const abortedOutcome = (): AttemptOutcome => {
    const cause = causeOf();
    return { ok: false, failure: FAILURES[cause], retryable: false, cause };
  };

  let graceTimer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<AttemptOutcome>((resolve) => {
    const onAbort = () => {
      graceTimer = setTimeout(() => resolve(abortedOutcome()), options.abortGraceMs);
    };
    if (controller.signal.aborted) onAbort();
    else controller.signal.addEventListener('abort', onAbort, { once: true });
  });

  const run = (async (): Promise<AttemptOutcome> => {
    if (controller.signal.aborted) return abortedOutcome();
    try {
      const result = await processor({
        id: job.id,
        name: job.name,
        payload: job.payload as never,
        attempt: job.attempt,
        signal: controller.signal,
        progress: options.progress,
      });
      // A result that arrived is real (its creation is stored), even if an abort raced it.
      return { ok: true, result };
    } catch (error) {
      if (controller.signal.aborted) return abortedOutcome();
      options.onError?.(error);
      return { ok: false, ...classifyError(error) };
    }
  })();

  try {
    return await Promise.race([run, givenUp]);
  } finally {
    clearTimeout(timer);
    clearTimeout(graceTimer);
    options.external?.removeEventListener('abort', forward);
  }
}

/** Exponential backoff with up to 50% jitter: base, 2x base, 4x base ... */
export function backoffDelay(baseMs: number, attemptsMade: number): number {
  const exponential = baseMs * 2 ** Math.max(0, attemptsMade - 1);
  return Math.round(exponential * (1 - Math.random() * 0.5));
}
