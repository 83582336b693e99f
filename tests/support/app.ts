/** Starts the real server (port 0, temp DATA_DIR, its own database) for HTTP tests. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@craftwell/core/config/env';
import { startServer, type RunningServer, type ServerSeams } from '@craftwell/api/server';
import { createTestDatabase, type TestDatabase } from './database.js';
import { shareModelCache } from './model-cache.js';
import { testKeyPrefix } from './services.js';

export interface TestApp extends RunningServer {
  database: TestDatabase;
  dataDir: string;
  env: Record<string, string>;
  /** A client on the app's own database (for checks behind the api), closed by stop(). */
  sql(): Promise<pg.Client>;
  stop(): Promise<void>;
}

export async function startTestApp(options: {
  postgresUrl: string;
  redisUrl?: string | null;
  env?: Record<string, string>;
  seams?: ServerSeams;
}): Promise<TestApp> {
  const database = await createTestDatabase(options.postgresUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-test-data-'));
  shareModelCache(dataDir);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    QUEUE_MODE: options.redisUrl ? 'bullmq' : 'in-process',
    QUEUE_PREFIX: testKeyPrefix(),
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    AI_RATE_LIMIT_PER_MINUTE: '100000',
    ENABLE_TEST_JOBS: 'true',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  };
  // Workers (threads or child processes) read the process environment, like in production.
  Object.assign(process.env, env);
  const server = await startServer(loadConfig({ ...process.env, ...env }), options.seams);
  const clients: pg.Client[] = [];
  return {
    ...server,
    database,
    dataDir,
    env,
    async sql() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
      await server.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a local account over HTTP and returns its bearer token. */
export async function signUp(baseUrl: string, who: { name?: string; email?: string; password?: string } = {}) {
  const email = who.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: who.name ?? 'Test User', email, password: who.password ?? 'correct horse battery' }),
  });
  const body = await res.json();
  if (!res.ok || !body.token) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  return { token: body.token as string, user: body.user as { id: string; email: string; name: string }, email };
}

export function authed(token: string, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${token}`, ...extra };
}
