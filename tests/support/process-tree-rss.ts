/**
 * Memory of this process and every process it started (PDF readers, worker processes), summed
 * from /proc, sampled from a separate thread so the peak is seen even while the main thread is
 * blocked in a decoder. Linux only.
 */
import { Worker } from 'node:worker_threads';

/** Runs in the sampler thread: keeps the peak tree RSS (in kB) in the shared array. */
const SAMPLER = `
const { workerData } = require('node:worker_threads');
const { readFileSync, readdirSync } = require('node:fs');
const shared = new Float64Array(workerData.buffer);
function rssKb(pid) {
  let total = 0;
  try { total += Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'))?.[1] ?? 0); } catch { return 0; }
  let tasks = [];
  try { tasks = readdirSync('/proc/' + pid + '/task'); } catch { return total; }
  for (const task of tasks) {
    let children = '';
    try { children = readFileSync('/proc/' + pid + '/task/' + task + '/children', 'utf8'); } catch { continue; }
    for (const child of children.split(/\\s+/).filter(Boolean)) total += rssKb(Number(child));
  }
  return total;
}
for (;;) {
  shared[0] = Math.max(shared[0], rssKb(workerData.pid));
  if (Atomics.load(new Int32Array(workerData.stop), 0) === 1) break;
  Atomics.wait(new Int32Array(workerData.stop), 0, 0, 10);
}
`;

/** The peak growth of the whole process tree's RSS while `run` runs, in MB, and what `run` gave (or threw). */
export async function peakTreeRssGrowth<T>(run: () => Promise<T>): Promise<{ result: T | unknown; growthMb: number }> {
  const buffer = new SharedArrayBuffer(8);
  const stop = new SharedArrayBuffer(4);
  const sampler = new Worker(SAMPLER, { eval: true, workerData: { buffer, stop, pid: process.pid } });
  const peak = new Float64Array(buffer);
  // The first sample is the baseline (the sampler thread's own memory included).
  while (peak[0] === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const before = peak[0]!;
  const result = await run().catch((error: unknown) => error);
  await new Promise((resolve) => setTimeout(resolve, 30));
  Atomics.store(new Int32Array(stop), 0, 1);
  Atomics.notify(new Int32Array(stop), 0);
  await new Promise((resolve) => sampler.once('exit', resolve));
  return { result, growthMb: (peak[0]! - before) / 1024 };
}
