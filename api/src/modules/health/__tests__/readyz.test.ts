import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '@craftwell/core/db/pool';
import { serviceUrl } from '../../../../../tests/support/services.js';
import { healthRoutes } from '../routes.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('/readyz', () => {
  const missing = new URL(postgresUrl!);
  missing.pathname = '/craftwell_no_such_database_ready';
  const db = createPool(missing.toString(), 1);
  afterAll(() => db.end());

  it('when a dependency fails, then it answers 503 with states only, and the details go to the log', async () => {
    const logged: Array<{ check: string; err: Error }> = [];
    const app = express().use(healthRoutes({
      db,
      queue: { ping: () => new Promise(() => undefined), workerPresence: () => new Promise(() => undefined) },
      storage: { ping: async () => undefined },
      log: { warn: ((obj: { check: string; err: Error }) => { logged.push(obj); }) as never },
    }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(JSON.parse(text)).toEqual({ status: 'not ready', checks: { postgres: 'failed', queue: 'timeout', storage: 'ok', workers: 'unknown' } });
      expect(text).not.toMatch(/craftwell_no_such_database_ready|does not exist|127\.0\.0\.1/);
      const pgLine = logged.find((l) => l.check === 'postgres');
      expect(pgLine?.err.message).toContain('craftwell_no_such_database_ready');
    } finally {
      server.close();
    }
  });

  it('when many probes come at once and again within the refresh time, then the checks run once, and again after it', async () => {
    let pings = 0;
    const routes = (refreshMs: number) => healthRoutes({
      db: { query: async () => ({ rows: [{}] }) } as never,
      queue: { ping: async () => undefined, workerPresence: async () => ({ text: true, image: true, pdf: true }) as never },
      storage: { ping: async () => { pings += 1; await new Promise((r) => setTimeout(r, 50)); } },
      refreshMs,
    });
    const app = express().use('/slow', routes(60_000)).use('/quick', routes(300));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const replies = await Promise.all(Array.from({ length: 50 }, () => fetch(`${url}/slow/readyz`)));
      expect(replies.every((r) => r.status === 200)).toBe(true);
      for (let i = 0; i < 20; i++) await fetch(`${url}/slow/readyz`);
      expect(pings).toBe(1);
      await fetch(`${url}/quick/readyz`);
      await new Promise((r) => setTimeout(r, 400));
      await fetch(`${url}/quick/readyz`);
      expect(pings).toBe(3);
    } finally {
      server.close();
    }
  });

  it('when free space where objects are stored falls below the threshold, then storage is "low on space" and the api degraded', async () => {
    let free = 900 * 1024 * 1024;
    const app = express().use(healthRoutes({
      db: { query: async () => ({ rows: [{}] }) } as never,
      queue: { ping: async () => undefined, workerPresence: async () => ({ text: true, image: true, pdf: true }) as never },
      storage: { ping: async () => undefined },
      storageFreeBytes: async () => free,
      storageMinFreeBytes: 500 * 1024 * 1024,
      refreshMs: 0,
    }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
      const plenty = await fetch(url);
      expect(plenty.status).toBe(200);
      expect(await plenty.json()).toMatchObject({ status: 'ready', checks: { storage: 'ok' } });
      free = 300 * 1024;
      const low = await fetch(url);
      expect(low.status).toBe(200);
      expect(await low.json()).toEqual({
        status: 'degraded',
        checks: { postgres: 'ok', queue: 'ok', storage: 'low on space', workers: { text: 'ok', image: 'ok', pdf: 'ok' } },
        storageFreeMb: 0,
      });
    } finally {
      server.close();
    }
  });
});
