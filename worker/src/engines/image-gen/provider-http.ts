/**
 * Shared HTTP handling for hosted image providers (ClipDrop, remove.bg): one place that turns
 * status codes, timeouts and bad bodies into the pipeline's error types with messages a person
 * (user or operator) can act on.
 */
import sharp from 'sharp';
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';

export interface ProviderRequest {
  /** Provider name shown in messages, e.g. "ClipDrop". */
  provider: string;
  /** Env variable holding the key, named when the provider rejects it. */
  keyVariable: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Best-effort extraction of a provider's own error text from a JSON or text body. */
function providerMessage(text: string): string {
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
    return new UserFacingJobError(`${provider} rejected the server's API key${suffix}. The operator should check ${keyVariable}.`, 502);
  }
  if (status === 402) return new UserFacingJobError(`The ${provider} account has no credits left${suffix}. Please try again later.`, 502);
  if (status === 429) return new TransientJobError(`${provider} is receiving too many requests right now${suffix}. Please try again in a minute.`, 503);
  if (status >= 500) return new TransientJobError(`${provider} had a server error (${status})${suffix}. Please try again shortly.`, 503);
  if (status === 400 || status === 422) return new UserFacingJobError(`${provider} could not process this request${suffix}.`, 422);
  return new UserFacingJobError(`${provider} answered with an unexpected status ${status}${suffix}.`, 502);
}

/** POSTs a multipart form and returns the response body, which must be an image. */
export async function postForImage(req: ProviderRequest): Promise<Buffer> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let response: Response;
  let body: Buffer;
  try {
    response = await fetch(req.url, { method: 'POST', headers: req.headers, body: req.body, signal });
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (req.signal?.aborted) throw req.signal.reason ?? error;
    if (timeout.aborted) throw new TransientJobError(`${req.provider} did not answer within ${Math.round(req.timeoutMs / 1000)} s. Please try again.`, 504);
    throw new TransientJobError(`Could not reach ${req.provider} (${(error as Error).message}). Please try again shortly.`, 503);
  }
  if (!response.ok) throw providerHttpError(req.provider, req.keyVariable, response.status, providerMessage(body.toString('utf8')));
  return body;
}

/** Re-encodes provider output (PNG, JPEG or WebP) as PNG, refusing bodies that are no image. */
export async function toPng(provider: string, bytes: Buffer, size?: { width: number; height: number }): Promise<Buffer> {
  try {
    let image = sharp(bytes, { failOn: 'error' });
    if (size) {
      const meta = await image.metadata();
      // Some plans return a smaller preview: bring it back to the input size the user expects.
      if (meta.width !== size.width || meta.height !== size.height) image = image.resize(size.width, size.height, { fit: 'fill' });
    }
    return await image.png().toBuffer();
  } catch {
    throw new TransientJobError(`${provider} returned something that is not an image. Please try again.`, 502);
  }
}
