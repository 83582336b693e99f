/**
 * Starts (or finds) the real services the server tests need, once per run:
 * - Postgres: DATABASE_URL (CI: 127.0.0.1:5432), else an embedded server in a temp dir.
 * - Redis: REDIS_URL, else 127.0.0.1:6379 if it answers, else a redis-server from PATH.
 * Tests read them with inject(); a test that needs a missing service fails in CI and skips locally.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@craftwell/core/db/embedded-postgres';
import { findRedisServer } from '@craftwell/api/embedded/redis';
import { Redis } from 'ioredis';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    redisUrl: string | null;
    servicesNote: string;
  }
}

function redisAnswers(url: string, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/**
 * Deletes every key this run's tests made (their prefixes hold the run's id: testKeyPrefix() in
 * tests/support/services.ts), so a Redis shared with other work keeps nothing of a test run.
 */
export async function deleteRunKeys(url: string, run: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `*-${run}-*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

export default async function setup(project: TestProject) {
  const notes: string[] = [];
  const stops: Array<() => Promise<void>> = [];
  // One id for the whole run (each project's setup sees the same), inherited by every test process.
  const run = (process.env.CRAFTWELL_TEST_RUN ??= randomBytes(4).toString('hex'));

  let postgresUrl: string | null = process.env.DATABASE_URL ?? null;
  if (!postgresUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-test-pg-'));
    // Run as root, Postgres runs as the craftwell-pg user; an open folder keeps its cluster inside.
    fs.chmodSync(dir, 0o755);
    try {
      const pg = await startEmbeddedPostgres(dir, { port: 0 });
      postgresUrl = pg.url;
      stops.push(async () => { await pg.stop(); fs.rmSync(dir, { recursive: true, force: true }); });
      notes.push('postgres: embedded server in a temp dir');
    } catch (err) {
      notes.push(`postgres: unavailable (${(err as Error).message})`);
    }
  }

  let redisUrl: string | null = process.env.REDIS_URL ?? null;
  if (!redisUrl && (await redisAnswers('redis://127.0.0.1:6379'))) redisUrl = 'redis://127.0.0.1:6379';
  if (!redisUrl) {
    const bin = findRedisServer();
    if (bin) {
      const port = 16379 + Math.floor(Math.random() * 1000);
      const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const url = `redis://127.0.0.1:${port}`;
      for (let i = 0; i < 100 && !(await redisAnswers(url)); i++) await new Promise((r) => setTimeout(r, 50));
      if (await redisAnswers(url)) {
        redisUrl = url;
        stops.push(async () => { child.kill('SIGTERM'); });
        notes.push('redis: started redis-server from PATH');
      } else {
        child.kill('SIGKILL');
      }
    }
  }
  if (!redisUrl) notes.push('redis: unavailable');

  project.provide('postgresUrl', postgresUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('servicesNote', notes.join('; '));

  return async () => {
    if (redisUrl) await deleteRunKeys(redisUrl, run).catch((err: Error) => console.warn(`[craftwell tests] could not delete this run's Redis keys: ${err.message}`));
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
}
