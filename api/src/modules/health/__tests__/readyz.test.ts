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
});
