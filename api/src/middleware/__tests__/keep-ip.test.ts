import http from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { keepIp } from '../keep-ip.js';

describe('keepIp', () => {
  let server: http.Server | undefined;
  afterEach(async () => { await new Promise((resolve) => server?.close(resolve)); });

  /** An app trusting loopback proxies whose route reads req.ip `reads` times; counts trust checks. */
  async function ipsSeen(kept: boolean, reads: number, forwardedFor: string): Promise<{ ips: string[]; trustChecks: number }> {
    let trustChecks = 0;
    const app = express();
    app.set('trust proxy', (address: string) => { trustChecks += 1; return address === '127.0.0.1' || address === '::ffff:127.0.0.1'; });
    if (kept) keepIp(app);
    app.get('/', (req, res) => { res.json(Array.from({ length: reads }, () => req.ip)); });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const ips = await (await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': forwardedFor } })).json();
    return { ips, trustChecks };
  }

  it('when req.ip is read several times, then it is worked out once and is the same as Express says', async () => {
    const plainOnce = await ipsSeen(false, 1, '203.0.113.9');
    const plainThrice = await ipsSeen(false, 3, '203.0.113.9');
    const kept = await ipsSeen(true, 3, '203.0.113.9');
    expect(kept.ips).toEqual(['203.0.113.9', '203.0.113.9', '203.0.113.9']);
    expect(plainThrice.trustChecks).toBe(3 * plainOnce.trustChecks);
    expect(kept.trustChecks).toBe(plainOnce.trustChecks);
  });

  it('when two requests come from different clients to one app, then each keeps its own address', async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    keepIp(app);
    app.get('/', (req, res) => { res.json([req.ip, req.ip]); });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    const seen = async (ip: string) => (await fetch(url, { headers: { 'x-forwarded-for': ip } })).json();
    expect(await seen('198.51.100.1')).toEqual(['198.51.100.1', '198.51.100.1']);
    expect(await seen('198.51.100.2')).toEqual(['198.51.100.2', '198.51.100.2']);
  });
});
