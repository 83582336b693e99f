/**
 * The api bench's own correctness: a route answering errors is reported as failed, not as a
 * fast route (an error page is cheap to serve), and a healthy route passes.
 */
import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRoute } from '../../bench/api/measure.js';

describe('api bench measuring', () => {
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.get('/ok', (_req, res) => { res.json({ ok: true }); });
    app.get('/broken', (_req, res) => { res.status(500).json({ success: false }); });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('when a route answers 500, then the measurement is marked failed with its non-2xx count', async () => {
    const result = await measureRoute({ name: 'broken', url: `${url}/broken` }, { connections: 2, seconds: 1 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.non2xx).toBe(result.requests);
    expect(result.failed).toBe(true);
  });

  it('when a route answers 200, then it passes with its rate and latencies', async () => {
    const result = await measureRoute({ name: 'ok', url: `${url}/ok` }, { connections: 2, seconds: 1 });
    expect(result).toMatchObject({ failed: false, non2xx: 0, errors: 0 });
    expect(result.reqPerSec).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });
});
