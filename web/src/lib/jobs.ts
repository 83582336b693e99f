// Runs an /api/ai call through the polling API (`?async=1` + GET /api/jobs/:id) so screens can
// show real progress, and answers with the same shape as the synchronous reply.
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { apiRequest, type ApiReply } from './api-client.js';
import { errorAction } from './error-actions.js';

/** The engine a reply names: the contract's shape (its `note` says what this run did). */
export type { EngineInfo };

export type JobState = 'queued' | 'active' | 'completed' | 'failed';

export interface JobProgress {
  state: JobState;
  /** 0-100 */
  progress: number;
  stage: string;
  /** Place in the queue while queued. */
  position?: number;
  /** Text written so far (articles) while active. */
  partial?: string;
}

/** creationId: the creation the job saved (a chain step names it as its source). */
export type ToolReply = ApiReply<{ content: string; engine: EngineInfo; creationId: string }> & { status: number };

interface JobStatusReply {
  state: JobState;
  progress: number;
  stage: string;
  position?: number;
  partial?: string;
  content?: string;
  engine?: EngineInfo;
  creationId?: string;
}

interface StartReply {
  jobId: string;
  content: string;
  engine: EngineInfo;
}

export interface RunJobOptions {
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
}

/** First poll after this many ms; each poll waits a little longer, up to the cap. */
export const POLL_FIRST_MS = 400;
export const POLL_MAX_MS = 700;
const POLL_GROWTH = 1.15;
/** Longest pause after a 429 while polling (the server's Retry-After, capped). */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** Network failures tolerated in a row while polling before the error is reported. */
const MAX_POLL_FAILURES = 3;
/**
 * A submit that got no answer or a 503 is sent again after these waits, with the same
 * Idempotency-Key: the server then answers with the job the first try started, if it did.
 */
export const SUBMIT_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
/** While the job queue is away (503 to polls), polling goes on this long: the job may still run. */
export const POLL_OUTAGE_MS = 120_000;

/** One key per submit (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function abortError(): DOMException {
  return new DOMException('The job was abandoned.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Posts `body` (JSON or FormData) to `path?async=1` and polls the job until it completes or fails.
 * The submit carries an Idempotency-Key and is re-sent with it after a network error or a 503;
 * polls ride out a queue outage. Any other reply than 202 (400, 402 ...) is returned as it is. Rejects with an AbortError when
 * `signal` aborts, and with Error(message) on network failures, like apiRequest.
 */
export async function runJob(path: string, body: unknown, options: RunJobOptions = {}): Promise<ToolReply> {
  const { onProgress, signal } = options;
  const separator = path.includes('?') ? '&' : '?';
  const idempotencyKey = newIdempotencyKey();
  let start: ApiReply<StartReply> & { status: number };
  for (let attempt = 0; ; attempt++) {
    const retryIn = SUBMIT_RETRY_DELAYS_MS[attempt];
    try {
      start = await apiRequest<StartReply>(`${path}${separator}async=1`, {
        method: 'POST',
        ...(body instanceof FormData ? { form: body } : { json: body }),
        headers: { 'Idempotency-Key': idempotencyKey },
        signal,
      });
    } catch (error) {
      if (isAbortError(error) || retryIn === undefined) throw error;
      await wait(retryIn, signal);
      continue;
    }
    // 409: the same request (this key) is still being accepted by the server. A 503 is an outage
    // worth a re-send, except a tool that is not configured: that one needs the operator.
    const passing = start.status === 409 || (start.status === 503 && start.code !== 'not_configured');
    if (!passing || retryIn === undefined) break;
    await wait(retryIn, signal);
  }
  if (start.status !== 202 || !start.jobId) return start;

  let lastProgress: JobProgress = { state: 'queued', progress: 0, stage: 'Queued' };
  onProgress?.(lastProgress);
  let delay = POLL_FIRST_MS;
  let failures = 0;
  let outageSince: number | null = null;
  for (;;) {
    await wait(delay, signal);
    delay = Math.min(POLL_MAX_MS, Math.round(delay * POLL_GROWTH));

    let job: ApiReply<JobStatusReply> & { status: number };
    try {
      job = await apiRequest<JobStatusReply>(`/api/jobs/${encodeURIComponent(start.jobId)}`, { signal });
    } catch (error) {
      // A dropped poll does not lose the job: back off and ask again a few times.
      if (isAbortError(error) || ++failures >= MAX_POLL_FAILURES) throw error;
      delay = Math.min(delay * 2, POLL_MAX_MS * 4);
      continue;
    }
    failures = 0;
    const action = errorAction(job);
    if (action.kind === 'back-off') {
      // Too many checks: the job keeps running; say so, wait as long as the server asks, go on.
      onProgress?.({ ...lastProgress, stage: job.message ?? 'Waiting a moment before checking again...' });
      delay = Math.min(MAX_RATE_LIMIT_WAIT_MS, action.seconds * 1000);
      continue;
    }
    if (job.status === 503) {
      // The queue is away: the job is not lost with it, so keep asking for a while.
      outageSince ??= Date.now();
      if (Date.now() - outageSince < POLL_OUTAGE_MS) {
        onProgress?.({ ...lastProgress, stage: 'Waiting for the job queue to come back...' });
        delay = POLL_MAX_MS * 4;
        continue;
      }
    } else {
      outageSince = null;
    }
    // A refused poll or a failed job: its code (quota_exceeded, not_configured...) travels on.
    if (!job.success) return { success: false, message: job.message, code: job.code, status: job.status };

    const state = job.state ?? 'queued';
    lastProgress = { state, progress: job.progress ?? 0, stage: job.stage ?? '' };
    onProgress?.({
      state,
      progress: job.progress ?? 0,
      stage: job.stage ?? '',
      position: job.position,
      partial: job.partial,
    });
    if (state === 'completed') {
      return { success: true, content: job.content, engine: job.engine, creationId: job.creationId, status: job.status };
    }
    if (state === 'failed') {
      return { success: false, message: job.message ?? 'The job failed.', code: job.code, status: job.status };
    }
  }
}
