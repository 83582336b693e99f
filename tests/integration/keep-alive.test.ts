/**
 * Idle keep-alive connections outlive a client's or proxy's own idle time: a client that reuses
 * a connection after some seconds of quiet must not find it closed under it (a failed request,
 * or a 502 from a proxy in front). Node closes idle connections after 5 s unless told otherwise.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

function get(url: string, agent: http.Agent): Promise<{ status: number; reused: boolean; keepAlive?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket, keepAlive: String(res.headers['keep-alive'] ?? '') }));
    });
    req.on('error', reject);
  });
}

describe.skipIf(!postgresUrl)('keep-alive connections', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp({ postgresUrl: postgresUrl! }); });
  afterAll(async () => { await app?.stop(); });

  it('when a client reuses its connection after 6 s of quiet, then the same connection answers', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${app.url}/healthz`, agent);
      expect(first).toMatchObject({ status: 200, reused: false });
      // Announced to clients that honour the hint (undici closes a little before it).
      expect(Number(/timeout=(\d+)/.exec(first.keepAlive ?? '')?.[1])).toBeGreaterThanOrEqual(60);
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await get(`${app.url}/healthz`, agent)).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
