/**
 * A Postgres outage in the log: an api process on a private Postgres that is stopped for a while
 * and started again, while a signed-in user keeps asking (session lookups through better-auth,
 * the app's own queries, sign-in attempts through better-auth's rate limiter). The process says
 * "down" once and "back" once: no stack per request, nothing printed outside the logger.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectLines } from '../support/lines.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, postgresToolsAvailable, startPrivatePostgres, type PrivatePostgres } from '../support/private-services.js';
import { authed, signUp } from '../support/app.js';

const API_MAIN = fileURLToPath(new URL('../../api/src/main.ts', import.meta.url));
const tools = postgresToolsAvailable();
if (!tools && process.env.CI) throw new Error('pg_ctl and initdb must be on PATH in CI for the Postgres outage log test');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


describe.skipIf(!tools)('a Postgres outage in the logs', () => {
  let pg: PrivatePostgres;
  let api: ChildProcess;
  let dataDir: string;
  let url: string;
  const lines: string[] = [];

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-pg-outage-log-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', DATA_DIR: dataDir,
      DATABASE_URL: pg.url, QUEUE_MODE: 'in-process', QUEUE_PREFIX: `cwpglog-${randomBytes(3).toString('hex')}`,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    const inherited = { ...process.env };
    delete inherited.REDIS_URL; // the in-process queue: only Postgres goes away here
    api = spawn(process.execPath, ['--import', 'tsx', API_MAIN], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    collectLines(api.stdout!, lines);
    collectLines(api.stderr!, lines);
    for (let i = 0; i < 600; i++) {
      if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
      await sleep(200);
    }
    if (api.exitCode !== null) throw new Error(`the api did not start:\n${lines.join('\n')}`);
  }, 180_000);

  afterAll(async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((r) => api.once('exit', r));
      api.kill('SIGKILL');
      await exited;
    }
    await pg?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('when Postgres is gone for 8 s and comes back, then the api logs one line down and one back, and no stack', async () => {
    const { token, email } = await signUp(url);
    const from = lines.length;
    await pg.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A fresh bearer each round misses the session cache: a better-auth session lookup.
      for (const request of [
        fetch(`${url}/api/me`, { headers: authed(`${token.slice(0, -4)}${randomBytes(2).toString('hex')}`) }),
        fetch(`${url}/api/user/usage`, { headers: authed(token) }),
        fetch(`${url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email, password: 'not the password' }) }),
      ]) statuses.push(await request.then((r) => r.status, () => 0));
      await sleep(1000);
    }
    await pg.start();
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${url}/api/user/usage`, { headers: authed(token) }).then((r) => r.ok, () => false)) break;
      await sleep(200);
    }
    await sleep(1000);

    const during = lines.slice(from);
    const report = during.join('\n');
    // The outage was felt (503s), and the process did not die of it.
    expect(statuses.filter((s) => s === 503).length, statuses.join(',')).toBeGreaterThan(8);
    expect(api.exitCode).toBeNull();
    // No stack frames, no bare driver errors outside the one "down" line.
    expect(during.filter((l) => /^\s+at /.test(l)), report).toEqual([]);
    expect(during.filter((l) => /ECONNREFUSED/.test(l) && !/Postgres unreachable/.test(l)), report).toEqual([]);
    expect(during.filter((l) => /Postgres unreachable/.test(l)), report).toHaveLength(1);
    expect(during.filter((l) => /Postgres reachable again/.test(l)), report).toHaveLength(1);
    // Apart from the requests' own lines (each names its requestId), the outage is a handful of lines.
    expect(during.filter((l) => !l.includes('"requestId"')).length, report).toBeLessThan(10);
  }, 120_000);
});
