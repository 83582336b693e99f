import { describe, expect, it } from 'vitest';
import type { AttemptOutcome } from '../attempt.js';
import { createProcessorThreads } from '../processor-threads.js';

const processorUrl = new URL('./fixtures/model-run-processor.ts', import.meta.url).href;

interface Held {
  start: number;
  end: number;
  threadId: number;
}

function startThreads(threads: number) {
  // A stuck test job holds its slot in a JavaScript loop, not a native call: ending its thread is
  // safe, so the wait for the call to return (endJobThread) is kept short.
  return createProcessorThreads({ processorUrl, threads, abortGraceMs: 200, nativeCallWaitMs: 500, log: () => {} });
}

function hold(pool: ReturnType<typeof startThreads>, jobId: string, payload: { limit: number; holdMs: number; stuck?: boolean }, timeoutMs = 20_000): Promise<AttemptOutcome> {
  return pool.run({ jobId, name: 'test-echo', payload, attempt: 1, timeoutMs, progress: () => {}, signal: new AbortController().signal });
}

function heldOf(outcome: AttemptOutcome): Held {
  if (!outcome.ok) throw new Error(`the job failed: ${outcome.failure.message}`);
  return JSON.parse(outcome.result.content!) as Held;
}

/** The most slots held at one moment. */
function mostAtOnce(held: Held[]): number {
  const edges = held.flatMap((h) => [[h.start, 1], [h.end, -1]] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, change] of edges) most = Math.max(most, (now += change));
  return most;
}

describe('model-run slots shared by a process’s job threads', () => {
  it('when four threads each run a model at once with one slot, then the runs take turns; with two slots, two at a time', async () => {
    const pool = startThreads(4);
    await pool.start();
    try {
      const one = (await Promise.all([0, 1, 2, 3].map((i) => hold(pool, `one-${i}`, { limit: 1, holdMs: 150 })))).map(heldOf);
      expect(new Set(one.map((h) => h.threadId)).size).toBe(4);
      expect(mostAtOnce(one)).toBe(1);
      const two = (await Promise.all([0, 1, 2, 3].map((i) => hold(pool, `two-${i}`, { limit: 2, holdMs: 300 })))).map(heldOf);
      expect(mostAtOnce(two)).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('when a thread is ended while it holds the only slot, then the slot is freed and the next run goes ahead', async () => {
    const pool = startThreads(2);
    await pool.start();
    try {
      // Stuck in a loop that never reads its abort: after the timeout its thread is terminated.
      const stuck = await hold(pool, 'stuck', { limit: 1, holdMs: 0, stuck: true }, 300);
      expect(stuck).toMatchObject({ ok: false, cause: 'timeout' });
      const next = await hold(pool, 'next', { limit: 1, holdMs: 10 }, 5_000);
      expect(heldOf(next).end).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });
});

describe('model-run slot limits', () => {
  it('when the limit is not a usable number, then one slot is still taken and released', async () => {
    const { acquireModelRun } = await import('../model-run-slots.js');
    for (const limit of [Number.NaN, 0, -3, Number.POSITIVE_INFINITY]) {
      const release = await Promise.race([
        acquireModelRun(limit),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no slot for limit ${limit}`)), 2_000)),
      ]);
      release();
    }
  });
});
