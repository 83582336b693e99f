import { describe, expect, it } from 'vitest';
import type { AttemptOutcome } from '../attempt.js';
import { createProcessorThreads } from '../processor-threads.js';

const processorUrl = new URL('./fixtures/model-run-processor.ts', import.meta.url).href;

function threadOf(outcome: AttemptOutcome): number {
  if (!outcome.ok) throw new Error(`the job failed: ${outcome.failure.message}`);
  return (JSON.parse(outcome.result.content!) as { threadId: number }).threadId;
}

describe('job threads of the BullMQ runner', () => {
  it('when the runner starts, then one thread loads; jobs at once get more, up to the limit and never past it', async () => {
    const pool = createProcessorThreads({ processorUrl, threads: 3, abortGraceMs: 200, log: () => {} });
    const run = (jobId: string, holdMs: number) => pool.run({
      jobId, name: 'test-echo', payload: { limit: 8, holdMs }, attempt: 1, timeoutMs: 20_000, progress: () => {}, signal: new AbortController().signal,
    });
    await pool.start();
    try {
      expect(pool.threadCount()).toBe(1);
      // One after another, jobs never find the thread busy: no other thread is started.
      for (const id of ['a', 'b', 'c']) await run(id, 0);
      expect(pool.threadCount()).toBe(1);
      // Five at once: a thread each up to the limit of three, then the least busy is shared.
      const threadIds = (await Promise.all(['d', 'e', 'f', 'g', 'h'].map((id) => run(id, 400)))).map(threadOf);
      expect(new Set(threadIds).size).toBe(3);
      expect(pool.threadCount()).toBe(3);
    } finally {
      await pool.close();
    }
  });
});
