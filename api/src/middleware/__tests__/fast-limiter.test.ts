import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastLimiter, LocalCounter } from '../fast-limiter.js';

describe('fast limiter (in-process counters)', () => {
  let server: http.Server;
  let url = '';

  beforeAll(async () => {
    const app = express();
    const refuse = (_req: express.Request, res: express.Response, seconds: number) => {
      res.status(429).json({ success: false, retryAfter: seconds });
    };
    app.use('/plain', fastLimiter({ windowMs: 60_000, limit: 3, counter: new LocalCounter(60_000), key: (req) => String(req.headers['x-client']), refuse }));
    // Only 401s count, like the limit on tokens that are not valid.
    app.use('/failures', fastLimiter({
      windowMs: 60_000, limit: 2, counter: new LocalCounter(60_000), key: () => 'one', refuse,
      counts: (res) => res.statusCode === 401, headers: false,
    }));
    app.get('/plain', (_req, res) => { res.json({ ok: true }); });
    app.get('/failures', (req, res) => { res.status(req.query.bad ? 401 : 200).json({}); });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => { await new Promise((resolve) => server.close(resolve)); });

  it('when a client passes its limit, then it gets 429 with Retry-After and the draft-8 headers; another client does not', async () => {
    const get = (client: string) => fetch(`${url}/plain`, { headers: { 'x-client': client } });
    const first = await get('a');
    expect(first.headers.get('ratelimit')).toMatch(/^"3-in-1min"; r=2; t=(59|60)$/);
    expect(first.headers.get('ratelimit-policy')).toMatch(/^"3-in-1min"; q=3; w=60; pk=:[A-Za-z0-9+/=]+:$/);
    await get('a');
    await get('a');
    const limited = await get('a');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ success: false, retryAfter: Number(limited.headers.get('retry-after')) });
    expect((await get('b')).status).toBe(200);
  });

  it('when only some replies count, then the others are taken back and never add up', async () => {
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/failures`)).status).toBe(200);
    expect((await fetch(`${url}/failures?bad=1`)).status).toBe(401);
    expect((await fetch(`${url}/failures?bad=1`)).status).toBe(401);
    const limited = await fetch(`${url}/failures?bad=1`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit')).toBeNull();
  });
});
