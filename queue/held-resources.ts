/**
 * What a worker process holds in memory while idle, across its job threads: loaded model
 * sessions and PDF reader processes, counted in shared memory that every thread of the process
 * sees (worker_threads environment data, like model-run-slots.ts). Each thread writes only a
 * row it claimed, so the row of a thread that ended is simply cleared and freed; the worker's metrics read the
 * sum at scrape time (docs/operating.md, Footprint).
 */
import { getEnvironmentData, setEnvironmentData, threadId } from 'node:worker_threads';

const KEY = 'craftwell:held-resources';
/** What is counted: each is freed after ENGINE_IDLE_SECONDS without use. */
export const HELD_RESOURCES = ['background-model', 'object-model', 'inpaint-model', 'text-model', 'pdf-reader'] as const;
export type HeldResource = (typeof HELD_RESOURCES)[number];
/** Rows, one per live thread: [holder thread id + 1, then one count per resource]. */
const ROWS = 64;
const WIDTH = 1 + HELD_RESOURCES.length;

function cells(): Int32Array {
  let buffer = getEnvironmentData(KEY) as SharedArrayBuffer | undefined;
  if (!buffer) {
    buffer = new SharedArrayBuffer(4 * ROWS * WIDTH);
    setEnvironmentData(KEY, buffer);
  }
  return new Int32Array(buffer);
}

let ownRow = -1;

/** This thread's row, claimed on its first report (a thread that never holds anything takes none). */
function rowOfThisThread(shared: Int32Array): number {
  if (ownRow >= 0 && Atomics.load(shared, ownRow * WIDTH) === threadId + 1) return ownRow;
  for (let row = 0; row < ROWS; row += 1) {
    if (Atomics.compareExchange(shared, row * WIDTH, 0, threadId + 1) === 0) return (ownRow = row);
  }
  return -1; // more threads than rows: not counted rather than counted wrong
}

/** Call in a process's main thread before it starts job threads, so that they all share the counts. */
export function shareHeldResources(): void {
  cells();
}

/** This thread now holds `count` of `resource` (0 when it let go). */
export function reportHeld(resource: HeldResource, count: number): void {
  const shared = cells();
  const row = rowOfThisThread(shared);
  if (row >= 0) Atomics.store(shared, row * WIDTH + 1 + HELD_RESOURCES.indexOf(resource), count);
}

/** Clears the row of a job thread that ended: what it held went with it. */
export function forgetHeldBy(endedThreadId: number): void {
  const shared = cells();
  for (let row = 0; row < ROWS; row += 1) {
    if (Atomics.load(shared, row * WIDTH) !== endedThreadId + 1) continue;
    for (let i = 1; i < WIDTH; i += 1) Atomics.store(shared, row * WIDTH + i, 0);
    Atomics.store(shared, row * WIDTH, 0);
  }
}

/** What every thread of this process holds now, by resource. */
export function heldResources(): Record<HeldResource, number> {
  const shared = cells();
  const totals = Object.fromEntries(HELD_RESOURCES.map((r) => [r, 0])) as Record<HeldResource, number>;
  for (let row = 0; row < ROWS; row += 1) {
    if (!Atomics.load(shared, row * WIDTH)) continue;
    HELD_RESOURCES.forEach((resource, i) => { totals[resource] += Atomics.load(shared, row * WIDTH + 1 + i); });
  }
  return totals;
}
