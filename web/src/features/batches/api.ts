/**
 * The batch routes of the api (contracts/batches.ts), through the one api client: replies keep
 * `success`, `message` (shown to people) and `code` (what the screen acts on).
 */
import type { ImagePresetName } from '@craftwell/contracts/tool-options';
import type { BatchSummary, BatchTool, BatchView } from '@craftwell/contracts/batches';
import { apiRequest, type ApiReply } from '../../lib/api-client.js';
import { isAbortError, newIdempotencyKey, SUBMIT_RETRY_DELAYS_MS } from '../../lib/jobs.js';
import { appendChunk, type UploadChunk } from './chunks.js';

export type BatchReply = ApiReply<{ batch: BatchView }> & { status: number };

export interface BatchFields {
  tool: BatchTool;
  /** remove-object: the object removed from every image. */
  object?: string;
  /**
   * remove-object: a brush mask (PNG, white = remove) for every image, stretched by the api to
   * each image's size. Sent once, with the request that creates the batch: `/items` refuses it
   * and gives added images the batch's own.
   */
  mask?: Blob;
  /** remove-background: a finishing preset and its colour. */
  preset?: ImagePresetName;
  colour?: string;
}

/** GET: the account's batches, newest first. */
export const BATCHES_PATH = '/api/batches';
export type BatchList = { batches: BatchSummary[] };
const base = BATCHES_PATH;

export function batchPath(id: string): string {
  return `${base}/${encodeURIComponent(id)}`;
}

/** The zip of the done items' results (streamed; the session cookie goes with a plain link). */
export function batchDownloadUrl(id: string): string {
  return `${batchPath(id)}/download`;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }, { once: true });
  });
}

/**
 * Sends one upload with an Idempotency-Key; after a network error or a 503 (queue or database
 * away) it is sent again with the same key, so the server answers with what the first try did.
 * A 409 right after such a re-send is the first try still being accepted: also waited out.
 */
async function submit(path: string, buildForm: () => FormData, signal?: AbortSignal, onProgress?: UploadProgress): Promise<BatchReply> {
  const key = newIdempotencyKey();
  for (let attempt = 0; ; attempt++) {
    const retryIn = SUBMIT_RETRY_DELAYS_MS[attempt];
    let reply: BatchReply;
    try {
      reply = await apiRequest<{ batch: BatchView }>(path, { method: 'POST', form: buildForm(), headers: { 'Idempotency-Key': key }, signal, onUploadProgress: onProgress });
    } catch (error) {
      if (isAbortError(error) || retryIn === undefined) throw error;
      await wait(retryIn, signal);
      continue;
    }
    const passing = (reply.status === 503 && reply.code !== 'not_configured') || (reply.status === 409 && attempt > 0);
    if (!passing || retryIn === undefined) return reply;
    await wait(retryIn, signal);
  }
}

/** Bytes of one request's body sent so far, of its total. */
export type UploadProgress = (sent: number, total: number) => void;

/** POST /api/batches: the tool's fields and the first chunk of files. */
export function createBatch(fields: BatchFields, chunk: UploadChunk, signal?: AbortSignal, onProgress?: UploadProgress): Promise<BatchReply> {
  return submit(base, () => {
    const form = new FormData();
    form.append('tool', fields.tool);
    if (fields.object !== undefined) form.append('object', fields.object);
    if (fields.preset !== undefined) form.append('preset', fields.preset);
    if (fields.colour !== undefined) form.append('colour', fields.colour);
    if (fields.mask !== undefined) form.append('mask', fields.mask, 'mask.png');
    return appendChunk(form, chunk);
  }, signal, onProgress);
}

/** POST /api/batches/:id/items: a later chunk of the same batch (the batch keeps its fields and mask). */
export function addBatchItems(id: string, chunk: UploadChunk, signal?: AbortSignal, onProgress?: UploadProgress): Promise<BatchReply> {
  return submit(`${batchPath(id)}/items`, () => appendChunk(new FormData(), chunk), signal, onProgress);
}

export function getBatch(id: string, signal?: AbortSignal): Promise<BatchReply> {
  return apiRequest<{ batch: BatchView }>(batchPath(id), { signal });
}

export function cancelBatch(id: string, signal?: AbortSignal): Promise<BatchReply> {
  return apiRequest<{ batch: BatchView }>(`${batchPath(id)}/cancel`, { method: 'POST', signal });
}
