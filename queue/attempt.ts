/**
 * What both queue adapters share about running one job attempt: the per-attempt timeout and
 * cancellation (one AbortSignal for the processor), and turning whatever the processor threw into
 * a failure a person can read, plus whether it may be retried.
 */
import type { JobName, JobResult } from '@craftwell/contracts/jobs';
import { JOBS } from '@craftwell/contracts/jobs';
import type { ProgressUpdate } from '@craftwell/contracts/handler';
import { codeForStatus, ERRORS, isErrorCode, type ErrorCode } from '@craftwell/contracts/errors';
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

/** A failed attempt as the queue keeps it: its code (status and retry follow from it) and what a person reads. */
export interface Failure {
  code: ErrorCode;
  message: string;
}

export type AttemptOutcome =
  | { ok: true; result: JobResult }
  | { ok: false; failure: Failure; retryable: boolean; cause?: AbortCause };

/** The failures the queue itself decides (the processor's own come from its errors). */
export const FAILURES = {
  cancelled: { code: 'cancelled', message: ERRORS.cancelled.message },
  timeout: { code: 'timeout', message: ERRORS.timeout.message },
  shutdown: { code: 'worker_stopped', message: ERRORS.worker_stopped.message },
  lost: { code: 'worker_stopped', message: 'The worker running this job lost contact with the queue; another worker takes it over.' },
  crashed: { code: 'worker_crashed', message: ERRORS.worker_crashed.message },
  /** Its thread reached the job memory limit: the same input would again, so it is not retried. */
  outOfMemory: { code: 'input_too_large', message: 'This input needs more memory than one job may use, so it was stopped. Please try a smaller or simpler file.' },
  internal: { code: 'internal', message: 'Something went wrong while running this job. Please try again.' },
  missing: { code: 'not_found', message: 'This job does not exist.' },
} as const satisfies Record<string, Failure>;

/** An attempt that failed: retried or not as its code says (contracts/errors.ts), nothing else. */
export function failedWith(failure: Failure, cause?: AbortCause): AttemptOutcome {
  return { ok: false, failure, retryable: ERRORS[failure.code].retryable, ...(cause ? { cause } : {}) };
}

/** The HTTP status a failure answers with: its code's. */
export function failureStatus(failure: Failure): number {
  return ERRORS[failure.code].status;
}

/**
 * A processor throws the vocabulary's errors (contracts/errors.ts): their code says whether the
 * attempt is retried, nothing else does. An error without a code is a bug: its text stays in
 * the logs, the user gets a generic message, and it is not retried.
 */
export function classifyError(error: unknown): Failure {
  const code = (error as { code?: unknown })?.code;
  if (!isErrorCode(code)) return FAILURES.internal;
  const message = (error as { message?: unknown })?.message;
  return { code, message: typeof message === 'string' && message.length > 0 ? message : ERRORS[code].message };
}

/** BullMQ keeps one string per failure: `[code] message`, readable in Bull Board too. */
export function encodeFailure(failure: Failure): string {
  return `[${failure.code}] ${failure.message}`;
}

export function decodeFailure(reason: string | undefined): Failure {
  const match = /^\[([a-z_]+|\d{3})\] ([\s\S]*)$/.exec(reason ?? '');
  if (match && isErrorCode(match[1])) return { code: match[1], message: match[2] };
  // Reasons stored before codes travelled with failures were `[status] message`.
  if (match && /^\d{3}$/.test(match[1])) return { code: codeForStatus(Number(match[1])), message: match[2] };
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
    return failedWith(FAILURES[cause], cause);
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
      return failedWith(classifyError(error));
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
