/** Shared HTTP error handling for the hosted object-removal providers. */
import { TransientJobError } from '@craftwell/contracts/handler';
import { providerHttpError, providerMessage } from '../../provider-errors.js';

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

/** Maps an unsuccessful response to an error of the vocabulary (see ../../provider-errors.ts). */
export async function providerError(provider: string, keyVariable: string, response: Response): Promise<Error> {
  const body = await response.text().catch(() => '');
  return providerHttpError(provider, keyVariable, response.status, providerMessage(body));
}
