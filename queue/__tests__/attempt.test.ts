import { describe, expect, it } from 'vitest';
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';
import { AttemptAbort, backoffDelay, classifyError, decodeFailure, encodeFailure, FAILURES, runAttempt } from '../attempt.js';
import type { Processor } from '../types.js';

const job = { id: 'j1', name: 'test-echo' as const, payload: {}, attempt: 1 };
const result = { creationId: 'c1', content: 'done', engine: { id: 'x', label: 'X', offline: true } };
const options = { timeoutMs: 1000, abortGraceMs: 50, progress: async () => {} };

describe('classifyError', () => {
  it('when errors carry retryable and status, then they are kept; anything else becomes a generic 500', () => {
    expect(classifyError(new UserFacingJobError('No cat here', 422))).toEqual({ failure: { message: 'No cat here', status: 422 }, retryable: false });
    expect(classifyError(new TransientJobError('Provider busy'))).toEqual({ failure: { message: 'Provider busy', status: 503 }, retryable: true });
    expect(classifyError(new TypeError('x is undefined'))).toEqual({ failure: FAILURES.internal, retryable: false });
    expect(classifyError(Object.assign(new Error('odd'), { status: 200 }))).toEqual({ failure: FAILURES.internal, retryable: false });
    expect(classifyError(Object.assign(new Error(''), { retryable: true }))).toEqual({ failure: FAILURES.transient, retryable: true });
  });
});

describe('failure encoding', () => {
  it('when a failure is encoded, then it decodes to the same message and status, multi-line included', () => {
    const failure = { message: 'Line one\nline two [x]', status: 422 };
    expect(decodeFailure(encodeFailure(failure))).toEqual(failure);
  });

  it("when BullMQ's own reason is stored, then a person gets a clear message instead", () => {
    expect(decodeFailure('job stalled more than allowable limit')).toEqual(FAILURES.crashed);
    expect(decodeFailure('Missing lock for job 12')).toEqual(FAILURES.internal);
    expect(decodeFailure(undefined)).toEqual(FAILURES.internal);
  });
});

describe('runAttempt', () => {
  it('when the processor outlives the timeout and ignores the abort, then the attempt is given up after the grace period', async () => {
    const stubborn: Processor = () => new Promise(() => {});
    const started = Date.now();
    const outcome = await runAttempt(stubborn, job, { ...options, timeoutMs: 50 });
    expect(outcome).toEqual({ ok: false, failure: FAILURES.timeout, retryable: false, cause: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('when the processor stops on the abort signal, then the cause decides the failure', async () => {
    const polite: Processor = (running) => new Promise((_, reject) => running.signal.addEventListener('abort', () => reject(running.signal.reason)));
    const external = new AbortController();
    setTimeout(() => external.abort(new AttemptAbort('shutdown')), 10);
    expect(await runAttempt(polite, job, { ...options, external: external.signal })).toMatchObject({ ok: false, cause: 'shutdown', failure: FAILURES.shutdown });
  });

  it('when a result arrives although an abort raced it, then the result wins (its creation exists)', async () => {
    const finisher: Processor = (running) => new Promise((resolve) => running.signal.addEventListener('abort', () => resolve(result)));
    const external = new AbortController();
    setTimeout(() => external.abort(new AttemptAbort('cancelled')), 10);
    expect(await runAttempt(finisher, job, { ...options, external: external.signal })).toEqual({ ok: true, result });
  });

  it('when the processor throws, then the error is reported once and classified', async () => {
    const seen: unknown[] = [];
    const failing: Processor = async () => {
      throw new TransientJobError('429 from provider', 503);
    };
    const outcome = await runAttempt(failing, job, { ...options, onError: (error) => seen.push(error) });
    expect(outcome).toEqual({ ok: false, failure: { message: '429 from provider', status: 503 }, retryable: true });
    expect(seen).toHaveLength(1);
  });
});

describe('backoffDelay', () => {
  it('when attempts grow, then delays double, with at most 50% taken off by jitter', () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      const full = 100 * 2 ** (attempt - 1);
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(100, attempt);
        expect(delay).toBeGreaterThanOrEqual(full / 2);
        expect(delay).toBeLessThanOrEqual(full);
      }
    }
  });
});
