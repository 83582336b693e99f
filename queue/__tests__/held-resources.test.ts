import { describe, expect, it } from 'vitest';
import type { AttemptOutcome } from '../attempt.js';
import { heldResources } from '../held-resources.js';
import { createProcessorThreads } from '../processor-threads.js';

const processorUrl = new URL('./fixtures/held-resources-processor.ts', import.meta.url).href;

describe('held resources: what a process’s job threads hold, counted in shared memory', () => {
  it('sums every thread’s own report, follows a let-go, and forgets what an ended thread held', async () => {
    const pool = createProcessorThreads({ processorUrl, threads: 2, abortGraceMs: 100, nativeCallWaitMs: 200, log: () => {} });
    await pool.start();
    const run = (jobId: string, payload: { resource: string; count: number; stuck?: boolean }, timeoutMs = 20_000): Promise<AttemptOutcome> =>
      pool.run({ jobId, name: 'test-echo', payload, attempt: 1, timeoutMs, progress: () => {}, signal: new AbortController().signal });
    try {
      expect(heldResources()).toMatchObject({ 'background-model': 0, 'pdf-reader': 0 });
      // Two jobs at once land on the two threads: each thread's report counts once.
      const [a, b] = await Promise.all([run('a', { resource: 'background-model', count: 1 }), run('b', { resource: 'background-model', count: 1 })]);
      expect(a.ok && b.ok && a.result.content !== b.result.content).toBe(true);
      expect(heldResources()['background-model']).toBe(2);
      // A thread reporting again replaces its own count, it does not add to it.
      await run('c', { resource: 'background-model', count: 1 });
      expect(heldResources()['background-model']).toBe(2);
      await Promise.all([run('d', { resource: 'background-model', count: 0 }), run('e', { resource: 'background-model', count: 0 })]);
      expect(heldResources()['background-model']).toBe(0);
      // A thread ended while holding (timed out here) takes its count with it.
      const stuck = await run('f', { resource: 'pdf-reader', count: 3, stuck: true }, 300);
      expect(stuck).toMatchObject({ ok: false, cause: 'timeout' });
      for (let i = 0; i < 50 && heldResources()['pdf-reader'] !== 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heldResources()['pdf-reader']).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
