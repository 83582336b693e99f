/** Shared HTTP error handling for the hosted object-removal providers. */
import { TransientJobError } from '@craftwell/contracts/handler';

/** The caller's signal plus a per-request time limit. */
export function requestSignal(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * Runs a fetch; network failures and time-outs become retryable errors, while the job's own
 * cancellation is passed through untouched.
 */
export async function providerFetch(provider: string, url: string, init: RequestInit, jobSignal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (jobSignal?.aborted) throw jobSignal.reason instanceof Error ? jobSignal.reason : error;
    const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
    throw new TransientJobError(`${provider} ${reason}; please try again in a moment`);
  }
}

/** Maps an unsuccessful response to an error: 429 and 5xx are retried, the rest are not. */
export async function providerError(provider: string, response: Response): Promise<Error> {
  const body = (await response.text().catch(() => '')).slice(0, 300);
  let detail = body;
  try {
    const parsed = JSON.parse(body) as { error?: string | { message?: string }; message?: string };
    detail = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message ?? parsed.message ?? body;
  } catch {
    // not JSON: keep the text
  }
  const status = response.status;
  if (status === 429 || status >= 500) {
    return new TransientJobError(`${provider} is busy (HTTP ${status}); please try again in a moment`);
  }
  if (status === 401 || status === 403) {
    return new Error(`${provider} rejected the configured API credentials (HTTP ${status})${detail ? `: ${detail}` : ''}`);
  }
  if (status === 402) return new Error(`${provider} account has no credits left (HTTP 402)`);
  return new Error(`${provider} refused the request (HTTP ${status})${detail ? `: ${detail}` : ''}`);
}
