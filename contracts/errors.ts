/**
 * The one error vocabulary: a code, its HTTP status, whether a job that fails with it is tried
 * again, the message a person sees when nothing more specific was said and, for outages, how
 * long to wait before asking again (the reply's Retry-After). Every error reply of the api is
 * `{success: false, message, code}`; the queue stores a failed job's code with its message;
 * the web decides what to do from the code, never from the message. Only provider_unavailable,
 * and worker_crashed are retried: anything else would fail again the same way (a job stopped for
 * taking too long would take too long again).
 */
export const ERRORS = {
  bad_request: { status: 400, retryable: false, message: 'This request is not valid.' },
  unauthorized: { status: 401, retryable: false, message: 'Please sign in to continue.' },
  quota_exceeded: { status: 402, retryable: false, message: 'Limit reached. Upgrade to continue.' },
  forbidden: { status: 403, retryable: false, message: 'You do not have access to this.' },
  not_found: { status: 404, retryable: false, message: 'Not found.' },
  cancelled: { status: 409, retryable: false, message: 'The job was cancelled.' },
  /** The request clashes with what exists (an e-mail in use, too many keys). */
  conflict: { status: 409, retryable: false, message: 'That clashes with something that already exists.' },
  input_too_large: { status: 413, retryable: false, message: 'That file is too large.' },
  unsupported_media_type: { status: 415, retryable: false, message: 'That file type is not supported.' },
  unprocessable: { status: 422, retryable: false, message: 'This input could not be processed.' },
  rate_limited: { status: 429, retryable: false, message: 'Too many requests. Please wait a moment and try again.' },
  internal: { status: 500, retryable: false, message: 'Something went wrong on our side. Please try again.' },
  /** A hosted provider refused this server's key or account: the operator must act, a retry cannot help. */
  provider_auth: { status: 502, retryable: false, message: "The AI provider rejected this server's credentials. The operator should check its API key." },
  /** A hosted provider refused the request itself (no credits, unsupported input, unexpected answer). */
  provider_rejected: { status: 502, retryable: false, message: 'The AI provider could not process this request.' },
  /** Busy (429), failing (5xx), unreachable or too slow to answer: worth another attempt. */
  provider_unavailable: { status: 503, retryable: true, message: 'The AI service is busy right now. Please try again in a moment.' },
  not_configured: { status: 503, retryable: false, message: 'This tool is not configured on this server.' },
  /** Postgres or Redis is down: the request may succeed later (the reply carries Retry-After). Never a 401. */
  dependency_unavailable: { status: 503, retryable: false, retryAfterSeconds: 5, message: 'A service Craftwell depends on is unavailable right now. Please try again in a moment.' },
  /** The queue lost a job it had accepted (Redis lost its data): safe to send again. */
  job_lost: { status: 503, retryable: false, retryAfterSeconds: 2, message: 'The job was lost by the queue. Please try again.' },
  storage_full: { status: 507, retryable: false, retryAfterSeconds: 60, message: 'Storage is full, so nothing was saved and nothing was charged. Please try again later.' },
  queue_unavailable: { status: 503, retryable: false, retryAfterSeconds: 5, message: 'The job queue is unavailable right now. Please try again in a moment.' },
  /** The job (or the wait for it) ran past its time limit. */
  timeout: { status: 504, retryable: false, message: 'This took too long, so the job was stopped. Please try again.' },
  /** The job's thread or process died under it (out of memory, a native crash): tried once more. */
  worker_crashed: { status: 500, retryable: true, message: 'The worker running this job stopped unexpectedly. Please try again.' },
  /** The worker is shutting down; the job is handed back to the queue when it can be. */
  worker_stopped: { status: 503, retryable: false, retryAfterSeconds: 5, message: 'The server is restarting, so the job was stopped. Please try again.' },
} as const satisfies Record<string, ErrorEntry>;

interface ErrorEntry {
  status: number;
  retryable: boolean;
  message: string;
  /** Sent as Retry-After: the condition is expected to pass by itself. */
  retryAfterSeconds?: number;
}

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** What every error reply of the api looks like (the spec's `success` and `message`, plus `code`). */
export interface ErrorReply {
  success: false;
  message: string;
  code: ErrorCode;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** Seconds to wait before asking again, for codes that pass by themselves. */
export function retryAfterOf(code: ErrorCode): number | undefined {
  const entry: ErrorEntry = ERRORS[code];
  return entry.retryAfterSeconds;
}

/**
 * The code a constructor picks when its caller gave only a status. Statuses shared by several
 * codes pick the one that claims least (409 conflict, 502 provider_rejected, 503 not_configured):
 * the specific ones (cancelled, provider_auth, the outages) are always named explicitly.
 */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request', 401: 'unauthorized', 402: 'quota_exceeded', 403: 'forbidden', 404: 'not_found',
  409: 'conflict', 413: 'input_too_large', 415: 'unsupported_media_type', 422: 'unprocessable', 429: 'rate_limited', 500: 'internal',
  502: 'provider_rejected', 503: 'not_configured', 504: 'timeout', 507: 'storage_full',
};

export function codeForStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

/**
 * An error that speaks the vocabulary; whether a job failing with it is retried is the code's
 * alone. `status` may be narrower than the code's (415 for an unsupported picture is a
 * bad_request); a job's failure travels as its code, so it answers with the code's status.
 */
export class CraftwellError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string = ERRORS[code].message, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CraftwellError';
    this.code = code;
    this.status = options.status ?? ERRORS[code].status;
    this.retryable = ERRORS[code].retryable;
  }
}
