/**
 * One contract suite for every queue adapter (BullMQ, in-process). Each test builds a fresh
 * producer + runner pair with the test-echo processor (__tests__/fixtures/echo-processor.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobPayload } from '@craftwell/contracts/jobs';
import { JobFailedError, JobTimeoutError, type JobProducer, type JobRunner, type JobStatus } from '../types.js';

export interface QueueHarness {
  producer: JobProducer;
  /** Not started yet. */
  runner: JobRunner;
  cleanup?: () => Promise<void>;
}

export interface HarnessOptions {
  /** Concurrency of the text queue. */
  concurrency: number;
  /** First retry delay, kept small in tests. */
  backoffMs: number;
}

export type MakeQueue = (options: HarnessOptions) => Promise<QueueHarness>;

type EchoPayload = JobPayload<'test-echo'>;

function echo(mode: EchoPayload['mode'], text = '', extra: Partial<EchoPayload> = {}): EchoPayload {
  return { userId: 'user-conformance', text, mode, save: false, ...extra };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function runQueueConformance(name: string, makeQueue: MakeQueue): void {
  describe(`queue conformance: ${name}`, () => {
    let markers: string;
    const open: QueueHarness[] = [];

    beforeAll(async () => {
      markers = await fs.mkdtemp(path.join(os.tmpdir(), 'craftwell-queue-'));
    });
    afterAll(() => fs.rm(markers, { recursive: true, force: true }));
    afterEach(async () => {
      for (const harness of open.splice(0)) {
        await harness.runner.close(0).catch(() => {});
        await harness.producer.close().catch(() => {});
        await harness.cleanup?.();
      }
    });

    async function started(options: Partial<HarnessOptions> = {}): Promise<QueueHarness> {
      const harness = await makeQueue({ concurrency: 2, backoffMs: 20, ...options });
      open.push(harness);
      await harness.runner.start();
      return harness;
    }

    function marker(label: string): string {
      return path.join(markers, `${label}-${Math.random().toString(36).slice(2)}`);
    }

    async function statusOf(producer: JobProducer, id: string, state: JobStatus['state']): Promise<JobStatus> {
      return until(`job ${id} to be ${state}`, async () => {
        const status = await producer.getStatus(id);
        return status?.state === state ? status : null;
      });
    }

    it('when a job is enqueued, then the worker runs it and the waiter gets its result and the owner is in its status', async () => {
      const { producer } = await started();
      await expect(producer.ping()).resolves.toBeUndefined();
      const { id } = await producer.enqueue('test-echo', echo('ok', 'hello queue'));
      const result = await producer.waitForResult(id, 10_000);
      expect(result).toEqual({
        creationId: expect.stringContaining('creation-'),
        content: 'hello queue',
        engine: { id: 'echo', label: 'Echo (tests)', offline: true },
      });
      const status = await producer.getStatus(id);
      expect(status).toMatchObject({ id, name: 'test-echo', ownerId: 'user-conformance', state: 'completed', progress: 100, result, attemptsMade: 1 });
      expect(status!.createdAt).toBeGreaterThan(Date.now() - 60_000);
      // Waiting again on a finished job answers at once.
      await expect(producer.waitForResult(id, 1000)).resolves.toEqual(result);
    });

    it('when a job id is unknown, then status is null and waiting fails with 404', async () => {
      const { producer } = await started();
      expect(await producer.getStatus('text-does-not-exist')).toBeNull();
      expect(await producer.getStatus('../nonsense')).toBeNull();
      await expect(producer.waitForResult('text-does-not-exist', 1000)).rejects.toMatchObject({ status: 404 });
    });

    it('when the same job id is enqueued twice, then it is one job', async () => {
      const { producer } = await started();
      const first = await producer.enqueue('test-echo', echo('ok', 'once'), { jobId: 'dedup-1' });
      const second = await producer.enqueue('test-echo', echo('ok', 'twice'), { jobId: 'dedup-1' });
      expect(second.id).toBe(first.id);
      expect((await producer.waitForResult(first.id, 10_000)).content).toBe('once');
    });

    it('when a job is active, then its progress, stage and partial text are visible in its status', async () => {
      const { producer } = await started();
      const { id } = await producer.enqueue('test-echo', echo('sleep', '', { sleepMs: 3000 }));
      const status = await until('progress', async () => {
        const current = await producer.getStatus(id);
        return current?.state === 'active' && current.progress === 40 ? current : null;
      });
      expect(status).toMatchObject({ stage: 'Working', partial: 'so far', ownerId: 'user-conformance' });
      await producer.cancel(id);
    });

    it('when jobs wait behind a busy worker, then each shows its 1-based position', async () => {
      const { producer } = await started({ concurrency: 1 });
      const blocker = await producer.enqueue('test-echo', echo('sleep', '', { sleepMs: 20_000 }));
      await statusOf(producer, blocker.id, 'active');
      const first = await producer.enqueue('test-echo', echo('ok', 'first'));
      const second = await producer.enqueue('test-echo', echo('ok', 'second'));
      expect(await producer.getStatus(first.id)).toMatchObject({ state: 'queued', position: 1, stage: 'Queued', progress: 0 });
      expect(await producer.getStatus(second.id)).toMatchObject({ state: 'queued', position: 2 });
      await producer.cancel(blocker.id);
      expect((await producer.waitForResult(second.id, 10_000)).content).toBe('second');
      expect((await producer.getStatus(first.id))?.state).toBe('completed');
    });

    it('when batch items wait and an interactive job arrives, then it goes before them and they follow in order', async () => {
      const { producer } = await started({ concurrency: 1 });
      const blocker = await producer.enqueue('test-echo', echo('sleep', '', { sleepMs: 20_000 }));
      await statusOf(producer, blocker.id, 'active');
      const itemA = await producer.enqueue('test-echo', echo('sleep', '', { sleepMs: 400 }), { background: true });
      const itemB = await producer.enqueue('test-echo', echo('sleep', '', { sleepMs: 400 }), { background: true });
      const single = await producer.enqueue('test-echo', echo('sleep', '', { sleepMs: 400 }));
      expect((await producer.getStatus(single.id))?.position).toBe(1);
      expect((await producer.getStatus(itemA.id))?.position).toBe(2);
      expect((await producer.getStatus(itemB.id))?.position).toBe(3);
      await producer.cancel(blocker.id);
      await producer.waitForResult(single.id, 10_000);
      // The batch items had to wait for it: neither is done, the second has not started.
      expect((await producer.getStatus(itemA.id))?.state).not.toBe('completed');
      expect((await producer.getStatus(itemB.id))?.state).toBe('queued');
      await producer.waitForResult(itemB.id, 10_000);
      expect((await producer.getStatus(itemA.id))?.state).toBe('completed');
    });

    it('when the wait times out, then JobTimeoutError is thrown and the running job is cancelled', async () => {
      const { producer } = await started();
      const abortFile = marker('timeout');
      const { id } = await producer.enqueue('test-echo', echo('sleep', abortFile, { sleepMs: 20_000 }));
      await statusOf(producer, id, 'active');
      const waitStart = Date.now();
      const error = await producer.waitForResult(id, 300).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JobTimeoutError);
      expect((error as JobTimeoutError).status).toBe(504);
      expect(Date.now() - waitStart).toBeLessThan(3000);
      const seen = await until('the processor to see the abort', () => fs.readFile(abortFile, 'utf8').catch(() => null));
      expect(seen).toBe('aborted:cancelled');
      const status = await statusOf(producer, id, 'failed');
      expect(status.error).toEqual({ code: 'cancelled', message: 'The job was cancelled.' });
    });

    it('when the processor throws a non-retryable error, then the waiter gets JobFailedError with its message and status, after one attempt', async () => {
      const { producer } = await started();
      const { id } = await producer.enqueue('test-echo', echo('throw', 'That file is not an image.'));
      const error = await producer.waitForResult(id, 10_000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JobFailedError);
      expect(error).toMatchObject({ code: 'unprocessable', message: 'That file is not an image.', status: 422 });
      expect(await producer.getStatus(id)).toMatchObject({
        state: 'failed',
        attemptsMade: 1,
        error: { code: 'unprocessable', message: 'That file is not an image.' },
      });
    });

    it('when the processor fails with a transient error once, then the job is retried and succeeds', async () => {
      const { producer } = await started();
      const { id } = await producer.enqueue('test-echo', echo('transient', 'once'));
      expect((await producer.waitForResult(id, 10_000)).content).toBe('recovered on attempt 2');
      expect(await producer.getStatus(id)).toMatchObject({ state: 'completed', attemptsMade: 2 });
    });

    it('when every attempt fails transiently, then the job fails with the last message once attempts run out', async () => {
      const { producer } = await started();
      const { id } = await producer.enqueue('test-echo', echo('transient', 'always'));
      const error = await producer.waitForResult(id, 10_000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JobFailedError);
      expect(error).toMatchObject({ code: 'provider_unavailable', message: 'Provider hiccup on attempt 2', status: 503 });
      expect(await producer.getStatus(id)).toMatchObject({ state: 'failed', attemptsMade: 2 });
    });

    it('when a queued job is cancelled, then it never runs and its waiter fails', async () => {
      const { producer } = await started({ concurrency: 1 });
      const blocker = await producer.enqueue('test-echo', echo('sleep', '', { sleepMs: 20_000 }));
      await statusOf(producer, blocker.id, 'active');
      const ranFile = marker('never');
      const queued = await producer.enqueue('test-echo', echo('sleep', ranFile, { sleepMs: 1 }));
      const waiting = producer.waitForResult(queued.id, 10_000).catch((e: unknown) => e);
      await producer.cancel(queued.id);
      expect(await waiting).toMatchObject({ name: 'JobFailedError', status: 409 });
      const status = await producer.getStatus(queued.id);
      expect(status === null || status.state === 'failed').toBe(true);
      await producer.cancel(blocker.id);
      await statusOf(producer, blocker.id, 'failed');
      expect(await fs.readFile(ranFile, 'utf8').catch(() => 'did not run')).toBe('did not run');
    });

    it('when an active job is cancelled, then the processor sees the abort and the job fails as cancelled', async () => {
      const { producer } = await started();
      const abortFile = marker('cancel');
      const { id } = await producer.enqueue('test-echo', echo('sleep', abortFile, { sleepMs: 20_000 }));
      await statusOf(producer, id, 'active');
      const waiting = producer.waitForResult(id, 10_000).catch((e: unknown) => e);
      await producer.cancel(id);
      expect(await waiting).toMatchObject({ name: 'JobFailedError', message: 'The job was cancelled.', status: 409 });
      expect(await fs.readFile(abortFile, 'utf8')).toBe('aborted:cancelled');
    });

    it('when the runner closes with a job active, then it stops taking jobs but finishes the active one', async () => {
      const { producer, runner } = await started({ concurrency: 1 });
      const { id } = await producer.enqueue('test-echo', echo('sleep', '', { sleepMs: 600 }));
      await statusOf(producer, id, 'active');
      const waiting = producer.waitForResult(id, 10_000);
      const closingAt = Date.now();
      await runner.close(10_000);
      expect(Date.now() - closingAt).toBeGreaterThan(200);
      expect((await waiting).content).toBe('slept 600');
    });

    it('when the grace period runs out, then the active job is aborted and close returns', async () => {
      const { producer, runner } = await started({ concurrency: 1 });
      const abortFile = marker('shutdown');
      const { id } = await producer.enqueue('test-echo', echo('sleep', abortFile, { sleepMs: 20_000 }));
      await statusOf(producer, id, 'active');
      const closingAt = Date.now();
      await runner.close(200);
      expect(Date.now() - closingAt).toBeLessThan(5000);
      expect(await fs.readFile(abortFile, 'utf8')).toBe('aborted:shutdown');
      // Handed back for another worker (BullMQ) or failed with a clear message (in-process).
      const status = await producer.getStatus(id);
      expect(status?.state === 'queued' || status?.error?.code === 'worker_stopped').toBe(true);
    });
  });
}
