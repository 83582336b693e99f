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

export type ToolReply = ApiReply<{ content: string; engine: EngineInfo }> & { status: number };

interface JobStatusReply {
  state: JobState;
  progress: number;
  stage: string;
  position?: number;
  partial?: string;
  content?: string;
  engine?: EngineInfo;
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
 * A reply other than 202 (400, 402, 503 ...) is returned as it is. Rejects with an AbortError when
 * `signal` aborts, and with Error(message) on network failures, like apiRequest.
 */
export async function runJob(path: string, body: unknown, options: RunJobOptions = {}): Promise<ToolReply> {
  const { onProgress, signal } = options;
  const separator = path.includes('?') ? '&' : '?';
  const start = await apiRequest<StartReply>(`${path}${separator}async=1`, {
    method: 'POST',
    ...(body instanceof FormData ? { form: body } : { json: body }),
    signal,
  });
  if (start.status !== 202 || !start.jobId) return start;

  let lastProgress: JobProgress = { state: 'queued', progress: 0, stage: 'Queued' };
  onProgress?.(lastProgress);
  let delay = POLL_FIRST_MS;
  let failures = 0;
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
      return { success: true, content: job.content, engine: job.engine, status: job.status };
    }
    if (state === 'failed') {
      return { success: false, message: job.message ?? 'The job failed.', code: job.code, status: job.status };
    }
  }
}
