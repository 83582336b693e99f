import { describe, expect, it } from 'vitest';
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';
import { CraftwellError, ERROR_CODES, ERRORS } from '@craftwell/contracts/errors';
import { AttemptAbort, backoffDelay, classifyError, decodeFailure, encodeFailure, failedWith, FAILURES, runAttempt } from '../attempt.js';
import type { Processor } from '../types.js';

const job = { id: 'j1', name: 'test-echo' as const, payload: {}, attempt: 1 };
const result = { creationId: 'c1', content: 'done', engine: { id: 'x', label: 'X', offline: true } };
const options = { timeoutMs: 1000, abortGraceMs: 50, progress: async () => {} };

describe('classifyError', () => {
  it('when errors carry a code of the vocabulary, then code and message are kept; anything else becomes a generic internal failure', () => {
    expect(classifyError(new UserFacingJobError('No cat here', 422))).toEqual({ code: 'unprocessable', message: 'No cat here' });
    expect(classifyError(new TransientJobError('Provider busy'))).toEqual({ code: 'provider_unavailable', message: 'Provider busy' });
    expect(classifyError(new CraftwellError('provider_auth', ''))).toEqual({ code: 'provider_auth', message: ERRORS.provider_auth.message });
    expect(classifyError(new TypeError('x is undefined'))).toEqual(FAILURES.internal);
    // An ad-hoc error cannot choose its own retry or status: without a code it is internal.
    expect(classifyError(Object.assign(new Error('odd'), { status: 503, retryable: true }))).toEqual(FAILURES.internal);
    expect(classifyError(Object.assign(new Error('odd'), { code: 'ECONNREFUSED' }))).toEqual(FAILURES.internal);
  });
});

describe('failedWith', () => {
  it.each(ERROR_CODES)('when an attempt fails with %s, then it is retried exactly when the table says so', (code) => {
    expect(failedWith({ code, message: 'x' })).toEqual({ ok: false, failure: { code, message: 'x' }, retryable: ERRORS[code].retryable });
  });

  it('when a processor throws an error that claims to be retryable, then only its code decides', async () => {
    const claims: Processor = async () => { throw Object.assign(new CraftwellError('unprocessable', 'Bad'), { retryable: true }); };
    expect(await runAttempt(claims, job, options)).toEqual({ ok: false, failure: { code: 'unprocessable', message: 'Bad' }, retryable: false });
  });
});

describe('failure encoding', () => {
  it('when a failure is encoded, then it decodes to the same code and message, multi-line included', () => {
    for (const code of ERROR_CODES) {
      const failure = { code, message: 'Line one\nline two [x]' };
      expect(decodeFailure(encodeFailure(failure))).toEqual(failure);
    }
  });

  it('when a reason was stored as `[status] message` by an older version, then its status picks the code', () => {
    expect(decodeFailure('[422] No cat here')).toEqual({ code: 'unprocessable', message: 'No cat here' });
    expect(decodeFailure('[502] The account has no credits')).toEqual({ code: 'provider_rejected', message: 'The account has no credits' });
  });

  it("when BullMQ's own reason is stored, then a person gets a clear message instead", () => {
    expect(decodeFailure('job stalled more than allowable limit')).toEqual(FAILURES.crashed);
    expect(decodeFailure('Missing lock for job 12')).toEqual(FAILURES.internal);
    expect(decodeFailure('[not_a_code] text')).toEqual(FAILURES.internal);
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
    expect(outcome).toEqual({ ok: false, failure: { code: 'provider_unavailable', message: '429 from provider' }, retryable: true });
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
