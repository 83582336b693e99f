/**
 * The api bench's own correctness: a route answering errors is reported as failed, not as a
 * fast route (an error page is cheap to serve), a healthy route passes, and the server's CPU per
 * request is counted over the run.
 */
import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatResults, measureRoute } from '../../bench/api/measure.js';

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

  it('when the server reports its CPU time, then the CPU per request is what it used during the run over the requests', async () => {
    const readings = [5_000_000, 7_000_000];
    const server = { cpuMicros: async () => readings.shift()! };
    const result = await measureRoute({ name: 'ok', url: `${url}/ok` }, { connections: 2, seconds: 1, server });
    expect(readings).toEqual([]);
    expect(result.cpuPerRequest).toBeCloseTo(2_000_000 / result.requests, 6);
    const table = formatResults([result], [result.reqPerSec], [1_000_000 / result.requests]);
    expect(table).toContain(`${Math.round(2_000_000 / result.requests)} us`);
    expect(table).toMatch(/ 0\.50\s*$/m);
  });
});
