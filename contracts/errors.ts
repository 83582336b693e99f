/**
 * The one error vocabulary: a code, its HTTP status, whether a job that fails with it is tried
 * again, and the message a person sees when nothing more specific was said. The api answers with
 * it, job handlers and providers throw it, the web can read the codes. Only provider_unavailable
 * and timeout are retried: anything else would fail again the same way.
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
  unprocessable: { status: 422, retryable: false, message: 'This input could not be processed.' },
  rate_limited: { status: 429, retryable: false, message: 'Too many requests. Please wait a moment and try again.' },
  internal: { status: 500, retryable: false, message: 'Something went wrong on our side. Please try again.' },
  /** A hosted provider refused this server's key or account: the operator must act, a retry cannot help. */
  provider_auth: { status: 502, retryable: false, message: "The AI provider rejected this server's credentials. The operator should check its API key." },
  /** A hosted provider refused the request itself (no credits, unsupported input, unexpected answer). */
  provider_rejected: { status: 502, retryable: false, message: 'The AI provider could not process this request.' },
  /** Busy (429), failing (5xx) or unreachable: worth another attempt. */
  provider_unavailable: { status: 503, retryable: true, message: 'The AI service is busy right now. Please try again in a moment.' },
  not_configured: { status: 503, retryable: false, message: 'This tool is not configured on this server.' },
  /** Postgres or Redis is down: the request may succeed later (the reply carries Retry-After). Never a 401. */
  dependency_unavailable: { status: 503, retryable: false, message: 'A service Craftwell depends on is unavailable right now. Please try again in a moment.' },
  /** The queue lost a job it had accepted (Redis lost its data): safe to send again. */
  job_lost: { status: 503, retryable: false, message: 'The job was lost by the queue. Please try again.' },
  storage_full: { status: 507, retryable: false, message: 'Storage is full, so nothing was saved and nothing was charged. Please try again later.' },
  queue_unavailable: { status: 503, retryable: false, message: 'The job queue is unavailable right now. Please try again in a moment.' },
  timeout: { status: 504, retryable: true, message: 'This took too long, so the job was stopped. Please try again.' },
} as const satisfies Record<string, { status: number; retryable: boolean; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The code for a status when a caller only knows the status (retryable picks between 503 codes). */
export function codeForStatus(status: number, retryable = false): ErrorCode {
  if (status === 503) return retryable ? 'provider_unavailable' : 'not_configured';
  if (status === 429 && retryable) return 'provider_unavailable';
  const match = (Object.keys(ERRORS) as ErrorCode[]).find((code) => ERRORS[code].status === status && ERRORS[code].retryable === retryable);
  return match ?? (status >= 500 ? (retryable ? 'provider_unavailable' : 'internal') : 'bad_request');
}

/** An error that speaks the vocabulary. `status` may be narrower than the code's (e.g. 429 for a busy provider). */
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
