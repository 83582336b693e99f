import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, runJob, type JobProgress } from '../jobs.js';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/** A fetch stand-in that answers each call with the next scripted reply and records the calls. */
function scriptFetch(replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = replies.shift();
    if (!next) throw new Error(`unexpected call to ${url}`);
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json', ...next.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const engine = { id: 'offline-outline', label: 'Offline outline engine', offline: true };

describe('runJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the job is accepted, then it polls until completed and reports each step', async () => {
    const calls = scriptFetch([
      { status: 202, body: { success: true, jobId: 'job 1' } },
      { status: 200, body: { success: true, state: 'queued', progress: 0, stage: 'Queued', position: 2 } },
      { status: 200, body: { success: true, state: 'active', progress: 40, stage: 'Writing', partial: '# Draft' } },
      { status: 200, body: { success: true, state: 'completed', progress: 100, stage: 'Saving', content: '# Done', engine } },
    ]);
    const progress: JobProgress[] = [];
    const pending = runJob('/api/ai/generate-article', { prompt: 'p', length: 800 }, { onProgress: (p) => progress.push(p) });
    await vi.advanceTimersByTimeAsync(5000);
    const reply = await pending;

    expect(reply).toEqual({ success: true, content: '# Done', engine, status: 200 });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/ai/generate-article?async=1',
      '/api/jobs/job%201',
      '/api/jobs/job%201',
      '/api/jobs/job%201',
    ]);
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ prompt: 'p', length: 800 });
    expect(progress.slice(1)).toEqual([
      { state: 'queued', progress: 0, stage: 'Queued', position: 2, partial: undefined },
      { state: 'active', progress: 40, stage: 'Writing', position: undefined, partial: '# Draft' },
      { state: 'completed', progress: 100, stage: 'Saving', position: undefined, partial: undefined },
    ]);
  });

  it('when polling, then it waits between polls instead of hammering the server', async () => {
    const calls = scriptFetch([
      { status: 202, body: { success: true, jobId: 'j' } },
      { status: 200, body: { success: true, state: 'completed', progress: 100, stage: 'Saving', content: 'x' } },
    ]);
    const pending = runJob('/api/ai/generate-blog-title', { prompt: 'p' });
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(2);
    await expect(pending).resolves.toMatchObject({ success: true, content: 'x' });
  });

  it('when a poll is rate limited (429), then it shows the message, waits Retry-After and polls on', async () => {
    const message = 'You are checking on jobs too often. Please try again in 5 seconds.';
    const calls = scriptFetch([
      { status: 202, body: { success: true, jobId: 'j' } },
      { status: 429, body: { success: false, message, code: 'rate_limited', retryAfter: 5 }, headers: { 'Retry-After': '5' } },
      { status: 200, body: { success: true, state: 'completed', progress: 100, stage: 'Saving', content: 'x' } },
    ]);
    const progress: JobProgress[] = [];
    const pending = runJob('/api/ai/generate-blog-title', { prompt: 'p' }, { onProgress: (p) => progress.push(p) });
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(2);
    expect(progress.at(-1)).toMatchObject({ state: 'queued', stage: message });
    await vi.advanceTimersByTimeAsync(4_800);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(3);
    await expect(pending).resolves.toMatchObject({ success: true, content: 'x' });
  });

  it('when the server refuses the job (402), then that reply is returned as it is without polling', async () => {
    const calls = scriptFetch([{ status: 402, body: { success: false, message: 'Limit reached. Upgrade to continue.', code: 'quota_exceeded' } }]);
    const reply = await runJob('/api/ai/generate-image', { prompt: 'p', publish: false });
    expect(reply).toEqual({ success: false, message: 'Limit reached. Upgrade to continue.', code: 'quota_exceeded', status: 402 });
    expect(calls).toHaveLength(1);
  });

  it('when the job fails, then the reply is unsuccessful with the job message', async () => {
    scriptFetch([
      { status: 202, body: { success: true, jobId: 'j' } },
      { status: 200, body: { success: true, state: 'failed', progress: 30, stage: 'Loading image', message: 'Could not read that image.' } },
    ]);
    const pending = runJob('/api/ai/remove-image-background', new FormData());
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toEqual({ success: false, message: 'Could not read that image.', status: 200 });
  });

  it('when the body is FormData, then it is posted as multipart, not JSON', async () => {
    const calls = scriptFetch([{ status: 400, body: { success: false, message: 'No file' } }]);
    const form = new FormData();
    form.append('object', 'car');
    await runJob('/api/ai/remove-image-object', form);
    expect(calls[0].init.body).toBe(form);
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toBeNull();
  });

  it('when aborted while waiting, then it rejects with an AbortError and stops polling', async () => {
    const calls = scriptFetch([
      { status: 202, body: { success: true, jobId: 'j' } },
      { status: 200, body: { success: true, state: 'active', progress: 10, stage: 'Writing' } },
    ]);
    const controller = new AbortController();
    const pending = runJob('/api/ai/generate-article', { prompt: 'p', length: 800 }, { signal: controller.signal });
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(450);
    controller.abort();
    await vi.advanceTimersByTimeAsync(5000);
    expect(isAbortError(await outcome)).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('when the submit gets a 503 or no answer, then it is sent again with the same Idempotency-Key, and each submit has its own', async () => {
    const replies: Reply[] = [
      { status: 503, body: { success: false, message: 'The job queue is unavailable right now.' } },
      { status: 202, body: { success: true, jobId: 'j' } },
      { status: 200, body: { success: true, state: 'completed', progress: 100, stage: 'Saving', content: 'x' } },
    ];
    const calls = scriptFetch(replies);
    const pending = runJob('/api/ai/generate-blog-title', { prompt: 'p' });
    await vi.advanceTimersByTimeAsync(3000);
    await expect(pending).resolves.toMatchObject({ success: true, content: 'x' });
    const keys = calls.filter((c) => c.init.method === 'POST').map((c) => new Headers(c.init.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    const next = scriptFetch([{ status: 400, body: { success: false, message: 'Enter a prompt.' } }]);
    await runJob('/api/ai/generate-blog-title', { prompt: '' });
    expect(new Headers(next[0].init.headers).get('Idempotency-Key')).not.toBe(keys[0]);
  });

  it('when polls get 503 (the queue is away), then it keeps polling and shows the result once the job is done', async () => {
    const outage = { status: 503, body: { success: false, message: 'The job queue is unavailable right now.' } };
    scriptFetch([
      { status: 202, body: { success: true, jobId: 'j' } },
      // Each poll is a read: re-sent three times by the api client before the 503 reaches runJob.
      outage, outage, outage, outage, outage, outage, outage, outage,
      { status: 200, body: { success: true, state: 'completed', progress: 100, stage: 'Saving', content: 'done' } },
    ]);
    const progress: JobProgress[] = [];
    const pending = runJob('/api/ai/remove-image-background', new FormData(), { onProgress: (p) => progress.push(p) });
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(pending).resolves.toMatchObject({ success: true, content: 'done' });
    expect(progress.some((p) => /job queue/.test(p.stage))).toBe(true);
  });
});
