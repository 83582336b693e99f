/**
 * A process-wide limit on model runs (native inference) across the process's job threads.
 *
 * Each job thread loads its own model sessions, so without a limit four image jobs on four threads
 * run four inferences at once: on a 2-core machine that is 8 inference threads fighting over 2
 * cores (every job slower, the api beside them starved) and four activation peaks in memory at
 * once. The slots live in shared memory that every thread of the process sees (worker_threads
 * environment data, created before the first thread starts). A slot holds its holder's thread id,
 * so the process frees the slots of a thread that was ended in the middle of a run.
 *
 * The slots also say which threads are inside native inference (a model load or run): such a
 * thread must not be ended then. onnxruntime's teardown of a thread with a call in flight throws a
 * C++ exception nobody can catch, and the whole process aborts (every other job with it), so
 * every place that ends a job thread goes through endJobThread(), which waits for the call first.
 */
import { getEnvironmentData, setEnvironmentData, threadId, type Worker } from 'node:worker_threads';

const KEY = 'craftwell:model-run-slots';
export const MAX_MODEL_RUN_SLOTS = 64;
/** A waiter re-checks this often even without a wake-up (to notice an abort). */
const RECHECK_MS = 1_000;

type WaitAsync = (cells: Int32Array, index: number, value: number, timeoutMs: number) => { async: boolean; value: Promise<string> | string };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/**
 * Cell 0 counts releases (waiters sleep on it); cells 1..MAX hold a holder's thread id + 1, or 0
 * when free. Created here on first use when no parent shared one: then only this thread and the
 * threads it starts later share it.
 */
function cells(): Int32Array {
  let buffer = getEnvironmentData(KEY) as SharedArrayBuffer | undefined;
  if (!buffer) {
    buffer = new SharedArrayBuffer(4 * (MAX_MODEL_RUN_SLOTS + 1));
    setEnvironmentData(KEY, buffer);
  }
  return new Int32Array(buffer);
}

/** Call in a process's main thread before it starts job threads, so that they all share the slots. */
export function shareModelRunSlots(): void {
  cells();
}

function release(shared: Int32Array, slot: number, holder: number): void {
  if (Atomics.compareExchange(shared, slot, holder, 0) !== holder) return;
  Atomics.add(shared, 0, 1);
  Atomics.notify(shared, 0);
}

/** Frees the slots a job thread held when it ended (terminated during a run). */
export function releaseModelRunsOf(endedThreadId: number): void {
  const shared = cells();
  for (let slot = 1; slot <= MAX_MODEL_RUN_SLOTS; slot += 1) release(shared, slot, endedThreadId + 1);
}

/**
 * Waits for one of `limit` slots and returns its release (safe to call twice). All callers of a
 * process should pass the same limit. Rejects with the signal's reason if aborted while waiting.
 */
export async function acquireModelRun(limit: number, signal?: AbortSignal): Promise<() => void> {
  const shared = cells();
  // A limit that is not a number would leave no slot to take: one slot then.
  const slots = Number.isFinite(limit) ? Math.min(Math.max(1, Math.floor(limit)), MAX_MODEL_RUN_SLOTS) : 1;
  const holder = threadId + 1;
  for (;;) {
    signal?.throwIfAborted();
    const releases = Atomics.load(shared, 0);
    for (let slot = 1; slot <= slots; slot += 1) {
      if (Atomics.compareExchange(shared, slot, 0, holder) === 0) return () => release(shared, slot, holder);
    }
    const wait = waitAsync(shared, 0, releases, RECHECK_MS);
    if (wait.async) await wait.value;
  }
}

/** Runs `work` inside a slot. */
export async function withModelRun<T>(limit: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const done = await acquireModelRun(limit, signal);
  try {
    return await work();
  } finally {
    done();
  }
}

/** Whether the thread holds a model-run slot now (it is inside a model load or run). */
export function holdsModelRun(heldByThreadId: number): boolean {
  const shared = cells();
  for (let slot = 1; slot <= MAX_MODEL_RUN_SLOTS; slot += 1) if (Atomics.load(shared, slot) === heldByThreadId + 1) return true;
  return false;
}

/** Longest wait for a model call to end before a thread is ended anyway (a stuck native call). */
export const NATIVE_CALL_WAIT_MS = 120_000;

/**
 * Ends a job thread (timeout, cancel, shutdown), but never in the middle of a model load or run:
 * it waits, up to `maxWaitMs`, until the thread holds no model-run slot (its JavaScript, which the
 * terminate stops at once, is safe to end at any point).
 */
export async function endJobThread(worker: Worker, maxWaitMs = NATIVE_CALL_WAIT_MS): Promise<void> {
  const id = worker.threadId;
  const shared = cells();
  const deadline = Date.now() + maxWaitMs;
  while (id >= 0 && holdsModelRun(id) && Date.now() < deadline) {
    const wait = waitAsync(shared, 0, Atomics.load(shared, 0), Math.min(RECHECK_MS, Math.max(1, deadline - Date.now())));
    if (wait.async) await wait.value;
  }
  await worker.terminate();
}
