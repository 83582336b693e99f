/**
 * Cloudinary generative remove: upload the image (signed Upload API), then fetch the derived
 * image `e_gen_remove:prompt_<object>` from the delivery host, then delete the upload. The
 * derived image is generated on first request; while it is being generated Cloudinary answers
 * 423, so that status is polled.
 */
import { createHash } from 'node:crypto';
import type { CloudinaryCredentials } from '@craftwell/core/config/object';
import { providerError, providerFetch, requestSignal } from './http.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export const CLOUDINARY_ENGINE = ENGINES.cloudinaryGenRemove;

const PENDING_STATUS = 423;
const POLL_INTERVAL_MS = 1500;

export interface CloudinaryRemoveRequest {
  png: Buffer;
  /** One word, already validated. */
  object: string;
  signal?: AbortSignal;
  timeoutMs: number;
  /** For tests: how long to wait between polls of a derived image still being generated. */
  pollIntervalMs?: number;
}

/** Cloudinary's request signature: sorted `key=value` pairs joined by &, then the secret, SHA-1. */
export function signParams(params: Record<string, string>, apiSecret: string): string {
  const payload = Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&');
  return createHash('sha1').update(payload + apiSecret).digest('hex');
}

function signedForm(params: Record<string, string>, credentials: CloudinaryCredentials): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(params)) form.append(k, v);
  form.append('api_key', credentials.apiKey);
  form.append('signature', signParams(params, credentials.apiSecret));
  return form;
}

export function genRemoveUrl(credentials: CloudinaryCredentials, upload: { public_id: string; version: number }, object: string): string {
  const prompt = encodeURIComponent(object);
  const publicId = upload.public_id.split('/').map(encodeURIComponent).join('/');
  return `${credentials.deliveryBaseUrl}/${encodeURIComponent(credentials.cloudName)}/image/upload/e_gen_remove:prompt_${prompt}/v${upload.version}/${publicId}.png`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) { reject(signal.reason); return; }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
  });
}

export async function cloudinaryGenRemove(credentials: CloudinaryCredentials, request: CloudinaryRemoveRequest): Promise<Buffer> {
  const signal = requestSignal(request.signal, request.timeoutMs);
  const api = `${credentials.apiBaseUrl}/v1_1/${encodeURIComponent(credentials.cloudName)}/image`;
  const timestamp = () => String(Math.floor(Date.now() / 1000));

  const form = signedForm({ timestamp: timestamp() }, credentials);
  form.append('file', new Blob([new Uint8Array(request.png)], { type: 'image/png' }), 'image.png');
  const uploaded = await providerFetch('Cloudinary', `${api}/upload`, { method: 'POST', body: form, signal }, request.signal);
  if (!uploaded.ok) throw await providerError('Cloudinary', 'CLOUDINARY_URL', uploaded);
  const upload = (await uploaded.json()) as { public_id?: string; version?: number };
  if (!upload.public_id || typeof upload.version !== 'number') throw new Error('Cloudinary upload answered without public_id/version');
  const asset = { public_id: upload.public_id, version: upload.version };

  try {
    const url = genRemoveUrl(credentials, asset, request.object);
    while (true) {
      const response = await providerFetch('Cloudinary', url, { signal }, request.signal);
      if (response.status === PENDING_STATUS) {
        await response.body?.cancel();
        await sleep(request.pollIntervalMs ?? POLL_INTERVAL_MS, signal);
        continue;
      }
      if (!response.ok) throw await providerError('Cloudinary', 'CLOUDINARY_URL', response);
      return Buffer.from(await response.arrayBuffer());
    }
  } finally {
    // The upload was only a means to an end: remove it (best effort; a failure is not the user's).
    const destroy = signedForm({ public_id: asset.public_id, timestamp: timestamp() }, credentials);
    await fetch(`${api}/destroy`, { method: 'POST', body: destroy, signal: AbortSignal.timeout(10_000) })
      .then((r) => r.body?.cancel())
      .catch(() => undefined);
  }
}
