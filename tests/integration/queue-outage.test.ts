/**
 * Redis going away at request time: the api answers a clear 503 quickly, stays up, and works
 * again when Redis returns.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRedisServer } from '@craftwell/api/embedded/redis';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const redisBin = findRedisServer();
if (!redisBin && process.env.CI) throw new Error('redis-server must be on PATH in CI for the outage test');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(redisBin!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1').once('connect', () => { s.end(); resolve(true); }).once('error', () => resolve(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!postgresUrl || !redisBin)('queue outage', () => {
  let app: TestApp;
  let redis: ChildProcess;
  let port: number;
  let token: string;

  const echo = (text: string) =>
    fetch(`${app.url}/api/ai/test-echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify({ text }),
    });

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: `redis://127.0.0.1:${port}`, env: { RUN_WORKERS: 'true', JOB_WAIT_TIMEOUT_MS: '60000' } });
    token = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    if (redis) await stopRedis(redis);
  });

  it('when Redis is down at request time, then a clear 503 comes back fast, and it recovers when Redis returns', async () => {
    // The first job waits for its worker thread to start: on a busy machine, over 15 s.
    expect((await echo('before')).status).toBe(200);

    await stopRedis(redis);
    const started = Date.now();
    const down = await echo('during');
    expect(down.status).toBe(503);
    expect((await down.json()).message).toMatch(/queue is unavailable/i);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(503);

    redis = await startRedis(port);
    let recovered: Response | null = null;
    for (let i = 0; i < 40; i++) {
      recovered = await echo('after');
      if (recovered.status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(recovered!.status).toBe(200);
    expect((await recovered!.json()).content).toBe('echo: after');
  }, 150_000);
});
