// The one way the browser talks to the api: same origin, bearer token from the active auth
// adapter, JSON body read even on 4xx/5xx (the body is {success:false, message, code}).
import { isErrorCode, type ErrorCode } from '@craftwell/contracts/errors';

/** `code` is set on refusals that speak the vocabulary (contracts/errors.ts); act on it, not on `message`. */
export type ApiReply<T = object> = { success: boolean; message?: string; code?: ErrorCode; retryAfter?: number } & Partial<T>;

/** Seconds a 429 asks us to wait (Retry-After header, else the body's retryAfter). */
function retryAfterOf(response: Response, reply: Record<string, unknown>): number | undefined {
  const seconds = Number(response.headers.get('Retry-After') ?? reply.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

export type ApiRequestInit = {
  method?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Waits before re-sending a read that got 503 (a dependency is down); default 0.5 s, 1 s, 2 s. */
  retryDelaysMs?: readonly number[];
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** Bytes of the body sent so far, as it goes (a large upload's progress). */
  onUploadProgress?: (sent: number, total: number) => void;
};

/**
 * One request over XMLHttpRequest, for a body whose upload progress is shown: fetch does not
 * report bytes sent. Answers a Response and rejects as fetch does (TypeError, AbortError).
 */
function sendWithProgress(path: string, init: { method: string; headers: Headers; body: BodyInit; signal?: AbortSignal }, onProgress: (sent: number, total: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException('Aborted', 'AbortError'));
    if (init.signal?.aborted) return aborted();
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, path);
    init.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.responseText, { status: xhr.status, headers }));
    });
    xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
    xhr.addEventListener('abort', aborted);
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}

/** 503 means "try again later" (Postgres or Redis down): reads are re-sent, never a sign-out. */
const READ_RETRY_DELAYS_MS = [500, 1000, 2000] as const;
const MAX_RETRY_WAIT_MS = 5000;

function retryWaitMs(response: Response, fallbackMs: number): number {
  const seconds = Number(response.headers.get('Retry-After'));
  const wanted = Number.isFinite(seconds) && seconds > 0 ? Math.max(fallbackMs, seconds * 1000) : fallbackMs;
  return Math.min(wanted, MAX_RETRY_WAIT_MS);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }, { once: true });
  });
}

type TokenGetter = () => Promise<string | null>;

let getToken: TokenGetter = async () => null;

/** The auth adapter registers how to read the current token (local storage or Clerk). */
export function setTokenGetter(fn: TokenGetter): void {
  getToken = fn;
}

/** The Authorization header for calls that read a file rather than JSON (downloads, exports). */
export async function authorizationHeaders(): Promise<Record<string, string>> {
  const token = await getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Calls the api and returns its JSON reply plus the HTTP status.
 * Throws Error(message) only for network failures or replies that are not JSON, so callers
 * can toast `reply.message` on success:false and `error.message` on a throw (docs/api.md#errors).
 */
export async function apiRequest<T = object>(
  path: string,
  init: ApiRequestInit = {},
): Promise<ApiReply<T> & { status: number }> {
  const headers = new Headers({ ...init.headers, Accept: 'application/json' });
  const token = await getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (init.form) {
    body = init.form; // the browser sets the multipart boundary itself
  } else if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }

  const method = init.method ?? (body ? 'POST' : 'GET');
  // Only reads are re-sent by themselves: a job request is the person's to repeat.
  const delays = method === 'GET' ? (init.retryDelaysMs ?? READ_RETRY_DELAYS_MS) : [];
  let response: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = init.onUploadProgress && body
        ? await sendWithProgress(path, { method, headers, body, signal: init.signal }, init.onUploadProgress)
        : await fetch(path, { method, headers, body, signal: init.signal, credentials: 'same-origin' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new Error('Network error: could not reach the server. Check your connection and try again.');
    }
    if (response.status !== 503 || attempt >= delays.length) break;
    await pause(init.retryDelaysMs ? delays[attempt] : retryWaitMs(response, delays[attempt]), init.signal);
  }

  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    throw new Error(`Unexpected reply from the server (HTTP ${response.status}).`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`Unexpected reply from the server (HTTP ${response.status}).`);
  }

  const reply = parsed as Record<string, unknown>;
  // Some routes (better-auth) answer without a `success` field: derive it from the status.
  const success = typeof reply.success === 'boolean' ? reply.success : response.ok;
  // A 429's message already says when to retry; retryAfter lets callers back off by as much.
  const retryAfter = response.status === 429 ? retryAfterOf(response, reply) : undefined;
  // better-auth's own codes (INVALID_EMAIL_OR_PASSWORD...) are not ours: callers see no code then.
  const { code, ...rest } = reply;
  return {
    ...(rest as Partial<T>),
    success,
    status: response.status,
    ...(isErrorCode(code) ? { code } : {}),
    ...(retryAfter ? { retryAfter } : {}),
  } as ApiReply<T> & { status: number };
}
