/**
 * /metrics in Prometheus format: off without METRICS_TOKEN, refused without the token; HTTP
 * latency by route, jobs by tool and outcome with duration, queue depth and quota refusals from
 * the api (in-process queue), and job metrics from a separate BullMQ worker process.
 */
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const redisUrl = optionalRedisUrl();
const TOKEN = 'metrics-token-for-tests-0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The value of one sample line, e.g. craftwell_jobs_total{...} 2 */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : undefined;
}

const echo = (app: TestApp, token: string, body: unknown) =>
  fetch(`${app.url}/api/ai/test-echo`, { method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) }, body: JSON.stringify(body) });

describe.skipIf(!postgresUrl)('metrics', () => {
  describe('when METRICS_TOKEN is not set', () => {
    let app: TestApp;
    beforeAll(async () => { app = await startTestApp({ postgresUrl: postgresUrl! }); });
    afterAll(async () => { await app?.stop(); });

    it('then /metrics is off', async () => {
      const res = await fetch(`${app.url}/metrics`, { headers: authed(TOKEN) });
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('Metrics are off. Set METRICS_TOKEN to turn them on.');
    });
  });

  describe('api with the in-process queue', () => {
    let app: TestApp;
    let member: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      app = await startTestApp({ postgresUrl: postgresUrl!, env: { METRICS_TOKEN: TOKEN, QUOTA_FREE: '0' } });
      await signUp(app.url, { name: 'Admin' });
      member = await signUp(app.url, { name: 'Member' });
    });
    afterAll(async () => { await app?.stop(); });

    it('when scraped without the right token, then 401', async () => {
      expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${app.url}/metrics`, { headers: authed('metrics-token-for-tests-0123456780') })).status).toBe(401);
    });

    it('when jobs ran and a quota refused, then latency, jobs, durations, queue depth and refusals are exposed', async () => {
      expect((await echo(app, member.token, { text: 'fine' })).status).toBe(200);
      expect((await echo(app, member.token, { text: 'bad', mode: 'throw' })).status).toBe(422);
      const refused = await fetch(`${app.url}/api/ai/generate-blog-title`, { method: 'POST', headers: { 'content-type': 'application/json', ...authed(member.token) }, body: JSON.stringify({ prompt: 'tea' }) });
      expect(refused.status).toBe(402);
      await fetch(`${app.url}/api/creations/00000000-0000-4000-8000-000000000000`, { method: 'DELETE', headers: authed(member.token) });

      const res = await fetch(`${app.url}/metrics`, { headers: authed(TOKEN) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(sample(text, 'craftwell_jobs_total', { tool: 'test-echo', outcome: 'completed', process: 'api' })).toBe(1);
      expect(sample(text, 'craftwell_jobs_total', { tool: 'test-echo', outcome: 'failed', status: '422' })).toBe(1);
      expect(sample(text, 'craftwell_job_duration_seconds_count', { tool: 'test-echo', outcome: 'completed' })).toBe(1);
      expect(sample(text, 'craftwell_http_request_duration_seconds_count', { route: '/api/ai/test-echo', method: 'POST', status: '200' })).toBe(1);
      // Ids never become labels: the pattern is recorded.
      expect(sample(text, 'craftwell_http_request_duration_seconds_count', { route: '/api/creations/:id', method: 'DELETE', status: '404' })).toBe(1);
      expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
      expect(sample(text, 'craftwell_quota_refusals_total', { tool: 'blog-title' })).toBe(1);
      expect(sample(text, 'craftwell_queue_jobs', { queue: 'text', state: 'waiting' })).toBe(0);
      expect(sample(text, 'craftwell_queue_jobs', { queue: 'text', state: 'failed' })).toBe(1);
    });
  });

  describe.skipIf(!redisUrl)('a BullMQ worker process', () => {
    let app: TestApp;
    let port: number;
    /** The first account: premium, so it may use every tool. */
    let user: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      port = await freePort();
      app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl, env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(port), RUN_WORKERS: 'true' } });
      user = await signUp(app.url);
    }, 120_000);
    afterAll(async () => { await app?.stop(); });

    it('when it ran a job, then its own /metrics counts it', async () => {
      expect((await echo(app, user.token, { text: 'worker side' })).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: authed(TOKEN) })).text();
      expect(sample(text, 'craftwell_jobs_total', { tool: 'test-echo', outcome: 'completed', process: 'worker' })).toBe(1);
      const api = await (await fetch(`${app.url}/metrics`, { headers: authed(TOKEN) })).text();
      expect(sample(api, 'craftwell_queue_jobs', { queue: 'text', state: 'active' })).toBe(0);
    });

    it('lists what its job threads hold in memory: nothing before the first image job, the background model after one', async () => {
      const held = async (resource: string) => sample(await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: authed(TOKEN) })).text(), 'craftwell_held_resources', { resource });
      expect(await held('background-model')).toBe(0);
      expect(await held('pdf-reader')).toBe(0);
      const form = new FormData();
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).png().toBuffer();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'red.png');
      const removed = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: authed(user.token), body: form });
      expect(removed.status).toBe(200);
      expect(await held('background-model')).toBe(1);
    }, 120_000);
  });
});
