/**
 * ClipDrop cleanup: POST {base}/cleanup/v1, multipart image_file (PNG/JPEG) + mask_file (PNG,
 * same size, white = remove), header x-api-key; the answer is the cleaned PNG. We send the mask
 * our detector and mask builder computed (or the user's own mask).
 */
import type { ClipdropCredentials } from '@craftwell/core/config/object';
import { providerError, providerFetch, requestSignal } from './http.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export const CLIPDROP_ENGINE = ENGINES.clipdropCleanup;

export interface ClipdropCleanupRequest {
  png: Buffer;
  maskPng: Buffer;
  signal?: AbortSignal;
  timeoutMs: number;
}

export async function clipdropCleanup(credentials: ClipdropCredentials, request: ClipdropCleanupRequest): Promise<Buffer> {
  const form = new FormData();
  form.append('image_file', new Blob([new Uint8Array(request.png)], { type: 'image/png' }), 'image.png');
  form.append('mask_file', new Blob([new Uint8Array(request.maskPng)], { type: 'image/png' }), 'mask.png');
  const response = await providerFetch('ClipDrop', `${credentials.baseUrl}/cleanup/v1`, {
    method: 'POST',
    headers: { 'x-api-key': credentials.apiKey },
    body: form,
    signal: requestSignal(request.signal, request.timeoutMs),
  }, request.signal);
  if (!response.ok) throw await providerError('ClipDrop', 'CLIPDROP_API_KEY', response);
  return Buffer.from(await response.arrayBuffer());
}
