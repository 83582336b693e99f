import { useCallback, useEffect, useRef, useState } from 'react';
import type { BatchTool, BatchView } from '@craftwell/contracts/batches';
import { errorAction } from '../../lib/error-actions.js';
import { isAbortError } from '../../lib/jobs.js';
import { addBatchItems, cancelBatch, createBatch, getBatch, type BatchFields, type BatchReply, type UploadProgress } from './api.js';
import { chunkBytes, planChunks, selectionProblem, type Selection, type UploadChunk } from './chunks.js';
import { isUnfinished, readStoredBatchId, storeBatchId } from './format.js';

/** How often a batch with queued or running items is asked about. */
export const BATCH_POLL_MS = 1500;
/** Longest wait between polls when the server asks to slow down. */
const MAX_BACK_OFF_MS = 60_000;

export interface BatchError {
  message: string;
  /** quota_exceeded: the plans are worth a link. */
  upgrade: boolean;
}

function errorOf(reply: BatchReply): BatchError {
  return { message: reply.message || 'Something went wrong', upgrade: errorAction(reply).kind === 'upgrade' };
}

function filesIn(chunks: readonly UploadChunk[]): number {
  return chunks.reduce((sum, chunk) => sum + (chunk.kind === 'zip' ? 1 : chunk.files.length), 0);
}

export interface BatchUpload {
  current: number;
  total: number;
  percent: number;
}

/**
 * One tool's batch: starting it (in chunks), following it until every item is over, cancelling
 * it, and finding it again after a reload (its id is kept in localStorage per tool).
 */
export function useBatch(tool: BatchTool) {
  const [batchId, setBatchId] = useState<string | null>(() => readStoredBatchId(tool));
  const [batch, setBatch] = useState<BatchView | null>(null);
  /** While sending: which request of how many ("Uploading 2 of 4…") and the share of all bytes sent (0–100). */
  const [upload, setUpload] = useState<BatchUpload | null>(null);
  const [error, setError] = useState<BatchError | null>(null);
  /** Something worth saying about a batch that goes on (a chunk not added, polls failing). */
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const uploadRef = useRef<AbortController | null>(null);
  const batchRef = useRef<BatchView | null>(null);
  batchRef.current = batch;

  useEffect(() => () => uploadRef.current?.abort(), []);

  const uploading = upload !== null;
  const needsPoll = batchId !== null && !uploading && (batch === null || isUnfinished(batch.counts));

  useEffect(() => {
    if (!needsPoll || !batchId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (ms: number) => {
      timer = setTimeout(() => void tick(), ms);
    };
    async function tick() {
      let reply: BatchReply;
      try {
        reply = await getBatch(batchId!, controller.signal);
      } catch (thrown) {
        if (controller.signal.aborted || isAbortError(thrown)) return;
        // A dropped poll does not lose the batch: it runs on the server; ask again.
        setNotice(`${thrown instanceof Error ? thrown.message : String(thrown)} Still trying…`);
        schedule(BATCH_POLL_MS * 2);
        return;
      }
      if (controller.signal.aborted) return;
      if (reply.success && reply.batch) {
        setNotice(null);
        setBatch(reply.batch);
        if (isUnfinished(reply.batch.counts)) schedule(BATCH_POLL_MS);
        return;
      }
      if (reply.status === 404) {
        // Gone, or not this account's: nothing to show, nothing to find again.
        storeBatchId(tool, null);
        setBatchId(null);
        setBatch(null);
        setError({ message: reply.message || 'That batch was not found.', upgrade: false });
        return;
      }
      const action = errorAction(reply);
      setNotice(reply.message || 'Could not check the batch. Still trying…');
      schedule(action.kind === 'back-off' ? Math.min(MAX_BACK_OFF_MS, action.seconds * 1000) : BATCH_POLL_MS * 2);
    }
    // A batch known from the reply that started it is asked about after a pause; one found again
    // in storage at once.
    schedule(batchRef.current ? BATCH_POLL_MS : 0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [needsPoll, batchId, tool]);

  const start = useCallback(
    async (selection: Selection, fields: Omit<BatchFields, 'tool'>) => {
      const problem = selectionProblem(selection);
      if (problem) {
        setError({ message: problem, upgrade: false });
        return;
      }
      const chunks = planChunks(selection);
      uploadRef.current?.abort();
      const controller = new AbortController();
      uploadRef.current = controller;
      setError(null);
      setNotice(null);
      // Progress by bytes across every request: the chunks before this one, plus this one's share sent.
      const sizes = chunks.map(chunkBytes);
      const allBytes = Math.max(1, sizes.reduce((sum, size) => sum + size, 0));
      const progressOf = (index: number): UploadProgress => (sent, total) => {
        const before = sizes.slice(0, index).reduce((sum, size) => sum + size, 0);
        const share = total > 0 ? Math.min(1, sent / total) : 0;
        if (controller.signal.aborted) return;
        setUpload({ current: index + 1, total: chunks.length, percent: Math.round(((before + share * sizes[index]) / allBytes) * 100) });
      };
      setUpload({ current: 1, total: chunks.length, percent: 0 });
      let createdId: string | null = null;
      try {
        const first = await createBatch({ tool, ...fields }, chunks[0], controller.signal, progressOf(0));
        if (!first.success || !first.batch) {
          setError(errorOf(first));
          return;
        }
        createdId = first.batch.id;
        storeBatchId(tool, createdId);
        setBatch(first.batch);
        setBatchId(createdId);
        for (let index = 1; index < chunks.length; index++) {
          progressOf(index)(0, 1);
          const reply = await addBatchItems(createdId, chunks[index], controller.signal, progressOf(index));
          if (!reply.success || !reply.batch) {
            const left = filesIn(chunks.slice(index));
            setNotice(`${left} ${left === 1 ? 'file was' : 'files were'} not added: ${reply.message || 'Something went wrong'}`);
            return;
          }
          setBatch(reply.batch);
        }
      } catch (thrown) {
        if (isAbortError(thrown)) return;
        const message = thrown instanceof Error ? thrown.message : String(thrown);
        if (createdId) setNotice(`Not every file was sent: ${message}`);
        else setError({ message, upgrade: false });
      } finally {
        if (uploadRef.current === controller) {
          uploadRef.current = null;
          setUpload(null);
        }
      }
    },
    [tool],
  );

  const cancel = useCallback(async () => {
    if (!batchId) return;
    // Files not sent yet stay unsent.
    uploadRef.current?.abort();
    uploadRef.current = null;
    setUpload(null);
    setCancelling(true);
    try {
      const reply = await cancelBatch(batchId);
      if (reply.success && reply.batch) setBatch(reply.batch);
      else setNotice(reply.message || 'The batch could not be cancelled.');
    } catch (thrown) {
      setNotice(thrown instanceof Error ? thrown.message : String(thrown));
    } finally {
      setCancelling(false);
    }
  }, [batchId]);

  /** Shows another batch (from the recent list), or none: the screen is ready for a new one. */
  const show = useCallback(
    (id: string | null) => {
      uploadRef.current?.abort();
      uploadRef.current = null;
      setUpload(null);
      storeBatchId(tool, id);
      setBatchId(id);
      setBatch(null);
      setError(null);
      setNotice(null);
    },
    [tool],
  );

  return { batchId, batch, upload, error, notice, cancelling, start, cancel, show };
}
