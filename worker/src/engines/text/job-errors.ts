/** Maps provider failures onto the pipeline's two error kinds: retried or shown as is. */
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';
import { TextEngineError } from './text-engine.js';

export function toJobError(error: unknown): Error {
  if (error instanceof UserFacingJobError || error instanceof TransientJobError) return error;
  if (error instanceof TextEngineError) {
    if (error.retryable) return new TransientJobError(error.message, error.code === 'timeout' ? 504 : 503);
    // Misconfiguration (bad key, unknown model) is not the user's fault, but retrying cannot help.
    if (error.code === 'context-length' || error.code === 'bad-request') return new UserFacingJobError(error.message, 422, 'unprocessable');
    return new UserFacingJobError(error.message, 502, error.code === 'auth' ? 'provider_auth' : 'provider_rejected');
  }
  return error instanceof Error ? error : new Error(String(error));
}
