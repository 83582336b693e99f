/**
 * Starts Craftwell exactly as `npm start` does (node scripts/start.mjs) on a free port, with its
 * own data folder, a fresh database and a unique queue prefix, and stops the whole process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { shareModelCache } from '../../support/model-cache.js';
import { testKeyPrefix } from '../../support/services.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const READY_TIMEOUT_MS = 120_000;
/** Keep only the tail of the server's output: it is printed when something goes wrong. */
const LOG_TAIL_CHARS = 20_000;

export interface E2eApp {
  baseUrl: string;
  database: TestDatabase;
  dataDir: string;
  /** The last lines the server printed (stdout and stderr). */
  logs(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitForReady(baseUrl: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app exited before it was ready (code ${child.exitCode ?? child.signalCode}).\n${logs()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app was not ready within ${READY_TIMEOUT_MS / 1000} s.\n${logs()}`);
}

export function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(force);
      resolve();
    }
  });
}

/**
 * `name` labels the server log, kept at tests/artifacts/e2e-<name>-server.log (warnings and
 * errors only) so a failed run can be read afterwards.
 */
export async function startE2eApp(options: { name: string; postgresUrl: string; redisUrl: string | null; env?: Record<string, string> }): Promise<E2eApp> {
  const database = await createTestDatabase(options.postgresUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-e2e-data-'));
  shareModelCache(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    QUEUE_PREFIX: testKeyPrefix('cwe2e'),
    LOG_LEVEL: 'warn',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    AI_RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  };
  // The test runner's own settings must not leak into the app (vitest sets NODE_ENV=test).
  delete env.NODE_ENV;
  delete env.REDIS_URL;
  delete env.QUEUE_MODE;
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;

  let output = '';
  const logFile = path.join(ROOT, 'tests/artifacts', `e2e-${options.name}-server.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env,
    detached: true, // its own process group, so the api and its workers stop together
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-LOG_TAIL_CHARS);
    log.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const logs = () => output;

  const cleanUp = async () => {
    await stopGroup(child);
    log.end();
    await database.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl, child, logs);
  } catch (err) {
    await cleanUp();
    throw err;
  }
  return { baseUrl, database, dataDir, logs, stop: cleanUp };
}
