/**
 * A Postgres that answers nothing (a cut link, a hung server): queries fail within seconds with an
 * error the api recognises as an outage (503), instead of waiting for TCP to give up.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../pool.js';
import { isDatabaseOutage } from '../outage.js';

describe('pool against a silent server', () => {
  let silent: net.Server;
  let port: number;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts connections and never says a word.
    silent = net.createServer((socket) => { sockets.add(socket); socket.on('error', () => undefined); });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('when Postgres does not answer, then a query fails within seconds as an outage', async () => {
    const pool = createPool(`postgres://postgres@127.0.0.1:${port}/postgres`);
    const started = Date.now();
    const error = await pool.query('SELECT 1').then(() => null, (err: unknown) => err);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(isDatabaseOutage(error)).toBe(true);
    await pool.end().catch(() => undefined);
  }, 15_000);
});
