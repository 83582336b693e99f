// The one way the browser talks to the api: same origin, bearer token from the active auth
// adapter, JSON body read even on 4xx/5xx (the body is {success:false, message}).

export type ApiReply<T = object> = { success: boolean; message?: string } & Partial<T>;

export type ApiRequestInit = {
  method?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
};

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
 * can toast `reply.message` on success:false and `error.message` on a throw (spec s7).
 */
export async function apiRequest<T = object>(
  path: string,
  init: ApiRequestInit = {},
): Promise<ApiReply<T> & { status: number }> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = await getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (init.form) {
    body = init.form; // the browser sets the multipart boundary itself
  } else if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error('Network error: could not reach the server. Check your connection and try again.');
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
  return { ...(reply as Partial<T>), success, status: response.status } as ApiReply<T> & { status: number };
}
