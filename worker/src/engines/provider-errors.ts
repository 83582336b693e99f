/**
 * The one place a hosted provider's HTTP failure becomes an error of the vocabulary
 * (contracts/errors.ts): a rejected key or account is provider_auth / provider_rejected (never
 * retried, the message names the variable to check), 429 and 5xx are provider_unavailable
 * (retried), a refused input is unprocessable. Image, background and object providers all use it.
 */
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';

/** Best-effort extraction of a provider's own error text from a JSON or text body. */
export function providerMessage(text: string): string {
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const errors = json.errors as { title?: string; detail?: string }[] | undefined;
    if (Array.isArray(errors) && errors[0]) return [errors[0].title, errors[0].detail].filter(Boolean).join(': ');
    const error = json.error as unknown;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
    if (typeof json.message === 'string') return json.message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim().slice(0, 300);
}

/** Maps a provider's HTTP failure to a pipeline error. */
export function providerHttpError(provider: string, keyVariable: string, status: number, detail: string): Error {
  const suffix = detail ? ` (${detail})` : '';
  if (status === 401 || status === 403) {
    return new UserFacingJobError(`${provider} rejected the server's API key${suffix}. The operator should check ${keyVariable}.`, 502, 'provider_auth');
  }
  if (status === 402) return new UserFacingJobError(`The ${provider} account has no credits left${suffix}. Please try again later.`, 502, 'provider_rejected');
  if (status === 429) return new TransientJobError(`${provider} is receiving too many requests right now${suffix}. Please try again in a minute.`, 503);
  if (status >= 500) return new TransientJobError(`${provider} had a server error (${status})${suffix}. Please try again shortly.`, 503);
  if (status === 400 || status === 422) return new UserFacingJobError(`${provider} could not process this request${suffix}.`, 422);
  return new UserFacingJobError(`${provider} answered with an unexpected status ${status}${suffix}.`, 502, 'provider_rejected');
}
