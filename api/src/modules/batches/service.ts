/**
 * Batches: many images through one image tool. Each accepted image becomes an ordinary job of the
 * tool through the same AI service as a single request (quota reserved, upload stored, job
 * enqueued; charged only if it succeeds), queued behind interactive requests. A batch's state is
 * read from its jobs each time (jobOutcome), so it is where it stands whoever asks, whenever.
 */
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import sharp from 'sharp';
import { Zip, ZipPassThrough } from 'fflate';
import {
  BATCH_ITEM_STATES, MAX_BATCH_ITEMS, type BatchItemState, type BatchItemView, type BatchSummary, type BatchTool, type BatchView,
} from '@craftwell/contracts/batches';
import { isErrorCode, type ErrorCode } from '@craftwell/contracts/errors';
import { IMAGE_PRESETS, presetFinish, type ImagePresetName } from '@craftwell/contracts/tool-options';
import { decodeImageUpload, ImageInputError, inspectImageUpload, MAX_IMAGE_BYTES } from '@craftwell/contracts/image-input';
import { newObjectKey } from '@craftwell/storage/keys';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import type { JobProducer } from '@craftwell/queue/types';
import type { Db } from '@craftwell/core/db/pool';
import { AppError, CraftwellError } from '@craftwell/core/errors';
import * as batches from '@craftwell/core/repositories/batches';
import { meterOf, releaseOwnUse, usesLeft, type Quotas, type UseLimits } from '@craftwell/core/repositories/quota';
import type { AuthUser } from '../../auth/types.js';
import type { AiService, UploadToStore } from '../ai/service.js';
import { jobOutcome, requestIdOf } from '../jobs/outcome.js';

/** One file as sent: its name and bytes, or why it cannot be used (from the zip reader). */
export interface BatchFile {
  name: string;
  bytes?: Buffer;
  refused?: { code: ErrorCode; message: string };
}

export interface BatchServiceDeps {
  db: Db;
  storage: ObjectStorage;
  producer: JobProducer;
  ai: AiService;
  quotas: Quotas;
  useLimits: UseLimits;
}


const TOOL_LABEL: Record<BatchTool, string> = { 'remove-background': 'Background Removal', 'remove-object': 'Object Removal' };

/** One item's copy of the batch's mask, made at the item's size when its upload is stored. */
function maskUpload(mask: Buffer, size: { width: number; height: number }): UploadToStore {
  return {
    key: newObjectKey('uploads', 'png'),
    body: () => sharp(mask).resize(size.width, size.height, { fit: 'fill' }).png().toBuffer(),
    source: mask,
    contentType: 'image/png',
  };
}

function emptyCounts(): Record<BatchItemState, number> {
  return Object.fromEntries(BATCH_ITEM_STATES.map((s) => [s, 0])) as Record<BatchItemState, number>;
}

export function createBatchService(deps: BatchServiceDeps) {
  const { db } = deps;

  const batchOf = (userId: string, id: string) => batches.findOwnBatch(db, userId, id);

  /**
   * Checks every file before anything is written: each is an image within the limits and not a
   * copy of another in the batch; the ones that are not are kept as refused items with the reason.
   */
  async function screen(files: BatchFile[], seen: Set<string>): Promise<Array<BatchFile & { digest?: string; size?: { width: number; height: number } }>> {
    const screened: Array<BatchFile & { digest?: string; size?: { width: number; height: number } }> = [];
    for (const file of files) {
      if (file.refused || !file.bytes) {
        screened.push({ ...file, refused: file.refused ?? { code: 'bad_request', message: 'This file is empty.' } });
        continue;
      }
      const digest = createHash('sha256').update(file.bytes).digest('hex');
      if (seen.has(digest)) {
        screened.push({ name: file.name, refused: { code: 'conflict', message: 'The same image is already in this batch; it was not run twice.' } });
        continue;
      }
      let size: { width: number; height: number };
      try {
        const { width, height } = await inspectImageUpload(file.bytes, { maxBytes: MAX_IMAGE_BYTES });
        size = { width, height };
      } catch (err) {
        const status = err instanceof ImageInputError ? err.status : 400;
        const code: ErrorCode = status === 413 ? 'input_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
        screened.push({ name: file.name, refused: { code, message: (err as Error).message } });
        continue;
      }
      seen.add(digest);
      screened.push({ ...file, digest, size });
    }
    return screened;
  }

  /** Adds files to a batch: screened, then (if the quota holds them all) each run as a job. */
  async function addItems(user: AuthUser, batch: batches.BatchRow, files: BatchFile[], startAt: number, seen: Set<string>): Promise<void> {
    if (startAt + files.length > MAX_BATCH_ITEMS) {
      throw new AppError(`A batch takes at most ${MAX_BATCH_ITEMS} images; this one has ${startAt} and you sent ${files.length} more.`, startAt === 0 ? 400 : 409, startAt === 0 ? 'bad_request' : 'conflict');
    }
    const screened = await screen(files, seen);
    const runnable = screened.filter((f) => !f.refused);
    if (runnable.length === 0 && startAt === 0) {
      throw new AppError(`None of the files can be used: ${screened[0]?.refused?.message ?? 'no images were sent.'}`, 400, 'bad_request');
    }
    // All or nothing: a batch never starts with only part of what was asked for.
    const left = await usesLeft(db, deps.quotas, user, meterOf(batch.tool)!, deps.useLimits);
    if (left !== null && runnable.length > left) {
      throw new AppError(`This batch has ${runnable.length} image${runnable.length === 1 ? '' : 's'} to run, and you have ${left} use${left === 1 ? '' : 's'} of ${TOOL_LABEL[batch.tool]} left this month. Remove some images, or upgrade to continue.`, 402, 'quota_exceeded');
    }
    const batchMask = batch.has_mask ? await batches.batchMask(db, batch.id) : null;
    for (const [index, file] of screened.entries()) {
      const position = startAt + index;
      if (file.refused) {
        await batches.insertRefusedItem(db, { batchId: batch.id, position, fileName: file.name, ...file.refused });
        continue;
      }
      const bytes = file.bytes!;
      const upload = { key: newObjectKey('uploads', 'png'), body: () => decodeImageUpload(bytes), source: bytes, contentType: 'image/png' };
      const uploads: UploadToStore[] = [upload];
      // The batch's brush mask, stretched to this image's size (its width and height each), stored
      // as this item's own mask upload: the job reads it as a single request's mask.
      const mask = batchMask && file.size ? maskUpload(batchMask, file.size) : null;
      if (mask) uploads.push(mask);
      const payload = batch.tool === 'remove-object'
        ? { inputKey: upload.key, object: batch.object!, ...(mask ? { maskKey: mask.key } : {}) }
        : { inputKey: upload.key, ...(batch.preset ? { finish: presetFinish(batch.preset, batch.colour ?? undefined) } : {}) };
      let jobId: string;
      try {
        const submission = await deps.ai.submit(user, batch.tool, payload as never, { async: true, background: true, uploads });
        if (submission.mode !== 'async') throw new Error('a batch item must be queued');
        jobId = submission.jobId;
      } catch (err) {
        // The first item failing to start (the queue or database away): nothing started, so
        // nothing of the batch is kept and the client may send it again.
        if (position === 0) throw err;
        const known = err instanceof CraftwellError ? err : null;
        await batches.insertRefusedItem(db, {
          batchId: batch.id, position, fileName: file.name, code: known?.code ?? 'internal', message: known?.message ?? 'This image could not be started.',
        });
        continue;
      }
      await batches.insertRunningItem(db, { batchId: batch.id, position, fileName: file.name, requestId: requestIdOf(jobId), jobId, digest: file.digest ?? null });
    }
  }

  async function view(user: AuthUser, batch: batches.BatchRow): Promise<BatchView> {
    const items: BatchItemView[] = [];
    for (const row of await batches.batchItems(db, batch.id)) {
      const item: BatchItemView = { position: row.position, fileName: row.file_name, state: 'refused' };
      if (!row.job_id) {
        item.code = isErrorCode(row.refused_code) ? row.refused_code : 'bad_request';
        item.message = row.refused_message ?? 'This file was not run.';
      } else {
        const outcome = await jobOutcome(deps.producer, db, user.id, row.job_id);
        if (outcome?.state === 'completed') {
          Object.assign(item, { state: 'done', creationId: outcome.result?.creationId, content: outcome.result?.content });
        } else if (outcome?.state === 'active') {
          Object.assign(item, { state: 'active', progress: outcome.progress });
        } else if (outcome?.state === 'queued') {
          Object.assign(item, { state: 'queued', queuePosition: outcome.position });
        } else if (batch.cancelled_at && (!outcome || outcome.error?.code === 'cancelled' || outcome.error?.code === 'job_lost')) {
          Object.assign(item, { state: 'cancelled', code: 'cancelled', message: 'Cancelled before it finished; not charged.' });
        } else {
          Object.assign(item, { state: 'failed', code: outcome?.error?.code ?? 'job_lost', message: outcome?.error?.message ?? 'This image was lost by the queue; not charged.' });
        }
      }
      items.push(item);
    }
    const counts = emptyCounts();
    for (const item of items) counts[item.state] += 1;
    const remaining = counts.queued + counts.active;
    const elapsedS = (Date.now() - batch.created_at.getTime()) / 1000;
    return {
      id: batch.id,
      tool: batch.tool,
      ...(batch.object ? { object: batch.object } : {}),
      ...(batch.has_mask ? { mask: true } : {}),
      ...(batch.preset ? { preset: batch.preset } : {}),
      ...(batch.colour ? { colour: batch.colour } : {}),
      createdAt: batch.created_at.toISOString(),
      cancelled: batch.cancelled_at !== null,
      counts,
      // At the pace so far: the time each finished item took on average, for each one left.
      estimatedSecondsLeft: remaining > 0 && counts.done + counts.failed > 0 ? Math.round((elapsedS / (counts.done + counts.failed)) * remaining) : null,
      items,
    };
  }

  return {
    /** A new batch (or, for a repeated Idempotency-Key, the batch that key made). */
    async create(
      user: AuthUser, tool: BatchTool, options: { object: string | null; preset: ImagePresetName | null; colour: string | null; mask?: Buffer | null },
      files: BatchFile[], idempotencyKey?: string,
    ): Promise<{ batch: BatchView; created: boolean }> {
      if (files.length === 0) throw new AppError('Choose the images for the batch (or one zip of them).', 400, 'bad_request');
      if (idempotencyKey) {
        const earlier = await batches.findBatchByIdempotencyKey(db, user.id, idempotencyKey);
        if (earlier) return { batch: await view(user, earlier), created: false };
      }
      const batch = await batches.insertBatch(db, {
        id: randomUUID(), userId: user.id, tool, object: options.object, preset: options.preset, colour: options.colour, mask: options.mask ?? null, idempotencyKey: idempotencyKey ?? null,
      });
      if (!batch) throw new AppError('A batch with this Idempotency-Key is still being created. Try again in a moment with the same key.', 409, 'conflict');
      try {
        await addItems(user, batch, files, 0, new Set());
      } catch (err) {
        // Nothing was started: no batch is left behind (its items' jobs were never made).
        await batches.deleteBatch(db, batch.id).catch(() => undefined);
        throw err;
      }
      return { batch: await view(user, batch), created: true };
    },

    async add(user: AuthUser, id: string, files: BatchFile[]): Promise<BatchView | null> {
      const batch = await batchOf(user.id, id);
      if (!batch) return null;
      if (batch.cancelled_at) throw new AppError('This batch was cancelled; start a new one.', 409, 'conflict');
      if (files.length === 0) throw new AppError('Choose the images to add to the batch.', 400, 'bad_request');
      // An image already in the batch (a chunk sent again after a lost reply) is not run twice.
      const { count, digests } = await batches.batchDigests(db, batch.id);
      await addItems(user, batch, files, count, digests);
      return view(user, batch);
    },

    async get(user: AuthUser, id: string): Promise<BatchView | null> {
      const batch = await batchOf(user.id, id);
      return batch ? view(user, batch) : null;
    },

    async list(user: AuthUser): Promise<BatchSummary[]> {
      const summaries: BatchSummary[] = [];
      for (const row of await batches.listOwnBatches(db, user.id)) {
        const { items: _items, estimatedSecondsLeft: _eta, ...summary } = await view(user, row);
        summaries.push(summary);
      }
      return summaries;
    },

    /** Stops what has not finished; those items are given up first, so none is charged. */
    async cancel(user: AuthUser, id: string): Promise<BatchView | null> {
      const batch = await batchOf(user.id, id);
      if (!batch) return null;
      await batches.markBatchCancelled(db, batch.id);
      for (const row of await batches.runningItems(db, batch.id)) {
        // Given up before the job is stopped: a worker finishing it now cannot save or charge it.
        if (await releaseOwnUse(db, row.request_id, user.id)) await deps.producer.cancel(row.job_id).catch(() => undefined);
      }
      return view(user, { ...batch, cancelled_at: batch.cancelled_at ?? new Date() });
    },

    /** The done items' results as one zip, streamed (stored, not compressed: PNGs are already). */
    async download(user: AuthUser, id: string): Promise<{ stream: Readable; name: string } | null> {
      const batch = await batchOf(user.id, id);
      if (!batch) return null;
      const rows = await batches.doneItemObjects(db, batch.id, user.id);
      if (rows.length === 0) throw new AppError('No image of this batch is done yet.', 409, 'conflict');
      const out = new PassThrough();
      const zip = new Zip((err, chunk, final) => {
        if (err) return void out.destroy(err);
        out.write(chunk);
        if (final) out.end();
      });
      void (async () => {
        try {
          for (const row of rows) {
            const base = row.file_name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-').slice(0, 80) || 'image';
            const preset = batch.preset ? IMAGE_PRESETS[batch.preset] : null;
            const jpeg = preset?.format === 'jpeg';
            const entry = new ZipPassThrough(`${String(row.position + 1).padStart(3, '0')}-${base}.${jpeg ? 'jpg' : 'png'}`);
            zip.add(entry);
            const { stream } = jpeg
              // The preset's format: one image re-encoded at a time, as it is added.
              ? { stream: Readable.from([await sharp(await deps.storage.getBuffer(row.object_key)).flatten({ background: batch.colour ?? preset.background }).jpeg({ quality: preset.quality, mozjpeg: true }).toBuffer()]) }
              : await deps.storage.getStream(row.object_key);
            for await (const chunk of stream) {
              entry.push(chunk as Buffer);
              // A slow client holds the reading back, not the api's memory.
              if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
              // The client went away: stop reading.
              if (out.destroyed) return void (stream as Readable).destroy();
            }
            entry.push(new Uint8Array(0), true);
          }
          zip.end();
        } catch (err) {
          out.destroy(err as Error);
        }
      })();
      return { stream: out, name: `craftwell-batch-${batch.id.slice(0, 8)}.zip` };
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
