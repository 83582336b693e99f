import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runQueueConformance } from '../conformance/queue-conformance.js';
import { FAILURES } from '../attempt.js';
import { createInProcessQueue } from '../in-process.js';

const processorUrl = new URL('./fixtures/echo-processor.ts', import.meta.url).href;

runQueueConformance('in-process (worker threads)', async ({ concurrency, backoffMs }) => {
  const { producer, runner } = createInProcessQueue({ threads: 1, processorUrl, concurrency, backoffMs, abortGraceMs: 1000, log: () => {} });
  return { producer, runner };
});

describe('in-process adapter specifics', () => {
  it('when the main process runs under node --import tsx, then worker threads load the TypeScript processor', async () => {
    const script = fileURLToPath(new URL('./fixtures/in-process-main.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 });
    expect(JSON.parse(stdout.trim())).toMatchObject({ content: 'from a tsx main process' });
  });

  it('when the runner starts, then one thread loads; jobs at once get more, up to the limit and never past it', async () => {
    const queue = createInProcessQueue({ threads: 3, concurrency: 5, processorUrl, log: () => {} });
    const run = async (sleepMs: number) => {
      const { id } = await queue.producer.enqueue('test-echo', { userId: 'user-threads', mode: 'sleep', text: '', sleepMs, save: false });
      await queue.producer.waitForResult(id, 20_000);
    };
    await queue.runner.start();
    try {
      expect(queue.threadCount()).toBe(1);
      // One after another, jobs never find the thread busy: no other thread is started.
      for (let i = 0; i < 3; i++) await run(0);
      expect(queue.threadCount()).toBe(1);
      // Five at once: a thread each up to the limit of three, then the least busy is shared. A job
      // waits while a thread starts, so each runs long enough for the third to be needed.
      await Promise.all([0, 1, 2, 3, 4].map(() => run(3000)));
      expect(queue.threadCount()).toBe(3);
    } finally {
      await queue.runner.close(1000);
      await queue.producer.close();
    }
  });

  it('when a thread dies mid-job, then the job runs again on a fresh thread, and fails clearly when it keeps dying', async () => {
    const { producer, runner } = createInProcessQueue({ threads: 1, processorUrl, backoffMs: 10, log: () => {} });
    await runner.start();
    try {
      const once = await producer.enqueue('test-echo', { userId: 'u', text: 'once', mode: 'crash', save: false });
      expect((await producer.waitForResult(once.id, 20_000)).content).toBe('survived on attempt 2');
      const always = await producer.enqueue('test-echo', { userId: 'u', text: 'always', mode: 'crash', save: false });
      await expect(producer.waitForResult(always.id, 20_000)).rejects.toMatchObject({
        message: 'The worker running this job stopped unexpectedly. Please try again.',
        status: 500,
      });
      // The pool recovered: ordinary jobs still run.
      const ok = await producer.enqueue('test-echo', { userId: 'u', text: 'still here', mode: 'ok', save: false });
      expect((await producer.waitForResult(ok.id, 20_000)).content).toBe('still here');
    } finally {
      await runner.close(0);
      await producer.close();
    }
  });

  it('when a job fills its thread\'s heap alone, then it fails with a 413 and is not run again; the next job runs', async () => {
    const { producer, runner } = createInProcessQueue({ threads: 1, processorUrl, backoffMs: 10, resourceLimits: { maxOldGenerationSizeMb: 64 }, log: () => {} });
    await runner.start();
    try {
      const bomb = await producer.enqueue('test-echo', { userId: 'u', text: 'fill the heap', mode: 'ok', save: false });
      await expect(producer.waitForResult(bomb.id, 60_000)).rejects.toMatchObject({ message: FAILURES.outOfMemory.message, status: 413 });
      expect((await producer.getStatus(bomb.id))?.attemptsMade).toBe(1);
      const ok = await producer.enqueue('test-echo', { userId: 'u', text: 'still here', mode: 'ok', save: false });
      expect((await producer.waitForResult(ok.id, 60_000)).content).toBe('still here');
    } finally {
      await runner.close(0);
      await producer.close();
    }
  }, 120_000);

  it('when the runner closes while a replacement thread is still starting, then nothing is logged as a failure', async () => {
    const logged: string[] = [];
    const { producer, runner } = createInProcessQueue({ threads: 1, processorUrl, backoffMs: 60_000, log: (message) => logged.push(message) });
    await runner.start();
    const crash = await producer.enqueue('test-echo', { userId: 'u', text: 'always', mode: 'crash', save: false });
    // The thread dies with the job; a replacement starts (loading the processor takes a moment).
    const deadline = Date.now() + 20_000;
    while ((await producer.getStatus(crash.id))?.attemptsMade === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect((await producer.getStatus(crash.id))?.attemptsMade).toBe(1);
    await runner.close(0);
    await producer.close();
    await new Promise((r) => setTimeout(r, 200));
    // Shutting down ended the starting thread on purpose: no "could not replace" noise in the logs.
    expect(logged.filter((m) => m.includes('could not replace'))).toEqual([]);
  });

  it('when the runner is closed, then queued jobs fail with 503 and new jobs are refused', async () => {
    const { producer, runner } = createInProcessQueue({ threads: 1, processorUrl, concurrency: 1, log: () => {} });
    await runner.start();
    const busy = await producer.enqueue('test-echo', { userId: 'u', text: '', mode: 'sleep', sleepMs: 300, save: false });
    const queued = await producer.enqueue('test-echo', { userId: 'u', text: 'later', mode: 'ok', save: false });
    const queuedResult = producer.waitForResult(queued.id, 10_000).catch((error: unknown) => error);
    await runner.close(5000);
    expect(await queuedResult).toMatchObject({ status: 503 });
    expect((await producer.getStatus(busy.id))?.state).toBe('completed');
    await expect(producer.enqueue('test-echo', { userId: 'u', text: 'x', mode: 'ok', save: false })).rejects.toMatchObject({ status: 503 });
    await producer.close();
  });

  it('when the processor module cannot load in a thread, then start fails with a clear error', async () => {
    const { runner } = createInProcessQueue({ threads: 1, processorUrl: new URL('./fixtures/missing.ts', import.meta.url).href, log: () => {} });
    await expect(runner.start()).rejects.toThrow(/could not be loaded in a worker thread/);
  });
});
