/**
 * A second thread for the patch fill's data-parallel steps (the distance refresh and the vote: see
 * patch-fill.ts), so a removal uses both cores of a small machine. The fill is synchronous; it hands
 * half of a step to the helper, does the other half, and waits on a shared flag. Both halves run the
 * same code on the same shared arrays and write apart, so the result is the same pixel for pixel
 * as on one thread, which is also what runs while the helper starts, if it cannot start, or when
 * OBJECT_FILL_THREADS=1 (useFillThreads).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { COMPILED_CONDITION, MODULE_EXTENSION, RUNNING_COMPILED } from '@craftwell/core/runtime-paths';

/** state[0]: the helper's life; state[1]: the current task's outcome. */
const STARTING = 0, READY = 1, GONE = 2;
const RUNNING = 0, DONE = 1, FAILED = 2;
/** A task that takes longer than this means the thread is stuck: its half is done here instead. */
const TASK_TIMEOUT_MS = 60_000;

export type HelperTask =
  | { kind: 'level'; level: unknown }
  | { kind: 'refresh'; from: number; to: number }
  | { kind: 'vote'; y0: number; y1: number; weights: Float64Array; srcXs: Int32Array; srcYs: Int32Array; out: Float32Array }
  /** holeLayers of a crop (layers.ts): its surfaces into out[0..n-1], out[n] = 1 when there are two. */
  | { kind: 'layers'; pixels: Uint8Array; hole: Uint8Array; width: number; height: number; extent: number; out: Uint8Array };

export interface FillHelper {
  /** Sends the arrays of the level the next tasks work on (shared memory: nothing is copied). */
  useLevel(level: unknown): void;
  /** Starts a task; the returned function waits for it and says whether the helper did it. */
  start(task: HelperTask): () => boolean;
}

interface Running {
  worker: Worker;
  state: Int32Array;
}

let running: Running | null | undefined;
/** Whether fills may use the helper (OBJECT_FILL_THREADS, set by the remover from its config). */
let enabled = true;
/** Tasks the helper finished (for tests and the bench: proof that both cores worked). */
let tasksDone = 0;

/**
 * Code that loads the thread's module: the compiled file directly; from source, as TypeScript
 * through tsx's API (Node 20 does not pass the main thread's loader on to a worker).
 */
function threadBootstrap(): string {
  const thread = new URL(`./fill-helper-thread${MODULE_EXTENSION}`, import.meta.url).href;
  if (RUNNING_COMPILED) return `import(${JSON.stringify(thread)})`;
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports;
  const api = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href;
  return `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(thread)}, ${JSON.stringify(thread)}))`;
}

function startThread(): Running | null {
  try {
    const state = new Int32Array(new SharedArrayBuffer(8));
    const worker = new Worker(threadBootstrap(), { eval: true, workerData: { state }, execArgv: RUNNING_COMPILED ? [`--conditions=${COMPILED_CONDITION}`] : [] });
    worker.unref();
    const gone = () => { Atomics.store(state, 0, GONE); Atomics.store(state, 1, FAILED); Atomics.notify(state, 1); };
    worker.on('error', gone);
    worker.on('exit', gone);
    return { worker, state };
  } catch {
    return null;
  }
}

/** A helper that is gone (it failed or was stuck) is replaced this many times, then fills stay on one thread. */
const MAX_STARTS = 3;
let starts = 0;

/** Starts the helper thread ahead of the first fill (it takes a moment to load). */
export function startFillHelper(): void {
  if (!enabled) return;
  const gone = running === null || (running !== undefined && Atomics.load(running.state, 0) === GONE);
  if ((running === undefined || gone) && starts < MAX_STARTS) {
    starts++;
    running = startThread();
  }
}

/** The helper, once it is ready; null before that and whenever it is not available. */
export function fillHelper(): FillHelper | null {
  if (!enabled) return null;
  startFillHelper();
  const current = running;
  if (!current || Atomics.load(current.state, 0) !== READY) return null;
  return {
    useLevel(level) {
      current.worker.postMessage({ kind: 'level', level } satisfies HelperTask);
    },
    start(task) {
      if (Atomics.load(current.state, 0) !== READY) return () => false;
      Atomics.store(current.state, 1, RUNNING);
      current.worker.postMessage(task);
      return () => {
        const outcome = Atomics.wait(current.state, 1, RUNNING, TASK_TIMEOUT_MS);
        if (outcome !== 'timed-out' && Atomics.load(current.state, 1) === DONE) {
          tasksDone++;
          return true;
        }
        // Failed or stuck: not used again (the caller does the half itself).
        Atomics.store(current.state, 0, GONE);
        void current.worker.terminate();
        return false;
      };
    },
  };
}

/** 1 = fills stay on one thread (a running helper is left idle); 2 = they may use the helper. */
export function useFillThreads(threads: number): void {
  enabled = threads >= 2;
}

/** How many tasks the helper thread has finished in this process. */
export function fillHelperTasksDone(): number {
  return tasksDone;
}

/** Waits (up to `timeoutMs`) until the helper is ready; false when it is not available. */
export async function fillHelperReady(timeoutMs = 10_000): Promise<boolean> {
  startFillHelper();
  const until = Date.now() + timeoutMs;
  while (running && Atomics.load(running.state, 0) === STARTING && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return fillHelper() !== null;
}

/** Stops the helper thread; the next fill starts a new one. */
export async function stopFillHelper(): Promise<void> {
  const current = running;
  running = undefined;
  starts = 0;
  if (current) {
    Atomics.store(current.state, 0, GONE);
    await current.worker.terminate();
  }
}

export const helperStates = { STARTING, READY, GONE, RUNNING, DONE, FAILED } as const;
