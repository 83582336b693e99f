/**
 * Shared HTTP handling for hosted image providers (ClipDrop, remove.bg): multipart POSTs, timeouts
 * and bad bodies; status codes map to errors in ../provider-errors.ts.
 */
import sharp from 'sharp';
import { TransientJobError } from '@craftwell/contracts/handler';
import { providerHttpError, providerMessage } from '../provider-errors.js';

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
