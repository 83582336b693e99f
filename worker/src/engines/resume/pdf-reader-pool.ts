/**
 * PDF reading and the OCR render run in child processes started with a heap limit
 * (--max-old-space-size): a PDF that makes pdfjs build gigabytes of objects kills only its reader
 * (answered with a 413 "too large to read"), never the worker. Decoded pixels live outside that
 * heap: they are bounded by the readers' checks of every image's declared size (pdfImageProblem). (Worker threads' resourceLimits were tried first: on
 * Node 20 reaching them can still abort the whole process.) Idle readers are kept, since pdfjs
 * takes a while to load, and unref'd so they never hold the process open; a reader that failed
 * or was aborted is killed. None starts before the first PDF, and an idle reader is stopped after
 * the configured idle time (ENGINE_IDLE_SECONDS), so a worker that reads no PDF holds none.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleLoaderArgs } from '@craftwell/core/runtime-paths';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { PDF_TOO_LARGE_MESSAGE } from '@craftwell/contracts/pdf-input';
import type { PdfText } from './pdf-text.js';
import { reportHeld } from '@craftwell/queue/held-resources';

/** Heap of one reader: a 10-page resume needs a few tens of MB. */
export const READER_HEAP_MB = 320;
const MAX_IDLE_READERS = 2;

/** What a reader does with the bytes: read the text layer, or render the first pages and OCR them. */
export type ReaderTask = 'text' | 'ocr';
export interface OcrOutcome { pdf: PdfText; totalPages: number }
interface TaskResult { text: PdfText; ocr: OcrOutcome }

export type ToReader = { task: ReaderTask; bytes: Uint8Array };
export type FromReader =
  | { type: 'ready' }
  | { type: 'done'; result: PdfText | OcrOutcome }
  | { type: 'refused'; message: string; status: number }
  | { type: 'failed'; message: string };

interface Reader {
  child: ChildProcess;
  ready: Promise<void>;
}

const idle: Reader[] = [];
/** How long an idle reader is kept; 0 keeps it until the process ends. */
let idleMs = 0;
const idleTimers = new Map<Reader, NodeJS.Timeout>();

/** Sets how long idle readers are kept (createEngines, from ENGINE_IDLE_SECONDS). */
export function configurePdfReaders(options: { idleMs: number }): void {
  idleMs = options.idleMs;
}

/** Readers reading now. */
let busy = 0;

/** Reader processes alive now (the footprint view and tests). */
export function pdfReadersRunning(): number {
  return idle.length + busy;
}

/** Process ids of the idle readers (tests). */
export function getReaderPids(): number[] {
  return idle.map((reader) => reader.child.pid).filter((pid): pid is number => pid !== undefined);
}

function takeIdle(): Reader | undefined {
  const reader = idle.pop();
  if (reader) {
    clearTimeout(idleTimers.get(reader));
    idleTimers.delete(reader);
  }
  return reader;
}

/** Resolves with the thread's answer (or rejects on its error or exit), then stops listening. */
function nextOutcome(child: ChildProcess, signal?: AbortSignal): Promise<FromReader> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
    };
    const onMessage = (message: FromReader) => { stop(); resolve(message); };
    const onError = (error: Error) => { stop(); reject(error); };
    // A reader only dies on its own when V8 gives up at the heap limit (or the OS kills it).
    const onExit = () => { stop(); reject(new UserFacingJobError(PDF_TOO_LARGE_MESSAGE, 413)); };
    const onAbort = () => { stop(); reject(signal?.reason ?? new Error('aborted')); };
    child.on('message', onMessage);
    child.on('error', onError);
    child.on('exit', onExit);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function spawnReader(): Reader {
  const self = fileURLToPath(import.meta.url);
  const extension = path.extname(self);
  const child = fork(path.join(path.dirname(self), `pdf-reader-process${extension}`), [], {
    execArgv: [`--max-old-space-size=${READER_HEAP_MB}`, ...moduleLoaderArgs()],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = nextOutcome(child).then((message) => {
    if (message.type !== 'ready') throw new Error('The PDF reader did not start.');
  }, () => { throw new Error('The PDF reader could not start.'); });
  ready.catch(() => undefined);
  return { child, ready };
}

function setHoldsProcessOpen(reader: Reader, holds: boolean): void {
  const channel = reader.child.channel as { ref(): void; unref(): void } | null | undefined;
  if (holds) { reader.child.ref(); channel?.ref(); } else { reader.child.unref(); channel?.unref(); }
}

function release(reader: Reader): void {
  if (idle.length >= MAX_IDLE_READERS) return void reader.child.kill('SIGKILL');
  setHoldsProcessOpen(reader, false);
  idle.push(reader);
  if (idleMs > 0) {
    const timer = setTimeout(() => {
      idleTimers.delete(reader);
      const at = idle.indexOf(reader);
      if (at >= 0) idle.splice(at, 1);
      reader.child.kill('SIGKILL');
      reportHeld('pdf-reader', pdfReadersRunning());
    }, idleMs);
    timer.unref();
    idleTimers.set(reader, timer);
  }
}

/** Runs `task` on `bytes` in a reader process; with null, only makes sure one is loaded (warm-up). */
export async function readInPdfThread<T extends ReaderTask>(task: T, bytes: Uint8Array, signal?: AbortSignal): Promise<TaskResult[T]>;
export async function readInPdfThread(task: ReaderTask, bytes: null): Promise<null>;
export async function readInPdfThread(task: ReaderTask, bytes: Uint8Array | null, signal?: AbortSignal): Promise<PdfText | OcrOutcome | null> {
  const reader = takeIdle() ?? spawnReader();
  setHoldsProcessOpen(reader, true);
  busy++;
  reportHeld('pdf-reader', pdfReadersRunning());
  try {
    await reader.ready;
    if (bytes === null) {
      release(reader);
      return null;
    }
    const answer = nextOutcome(reader.child, signal);
    reader.child.send({ task, bytes } satisfies ToReader);
    const message = await answer;
    release(reader);
    if (message.type === 'done') return message.result;
    if (message.type === 'refused') throw new UserFacingJobError(message.message, message.status);
    throw new Error(message.type === 'failed' ? message.message : 'The PDF reader answered out of turn.');
  } catch (error) {
    if (!idle.includes(reader)) reader.child.kill('SIGKILL');
    throw error;
  } finally {
    busy--;
    reportHeld('pdf-reader', pdfReadersRunning());
  }
}
