/**
 * What the api and image benches share: the real server (or a bare hello-world) in a child
 * process, a scratch database (the tests' helper) created and dropped by the bench, and cleanup of its Redis keys.
 */
import { randomBytes } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createTestDatabase } from '../../tests/support/database.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface Child {
  url: string;
  pid: number;
  /** CPU time (user + system, µs) the server process has used so far. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts bench/api/serve.ts in a child process and waits for its port. */
export function spawnServer(mode: 'hello' | 'app', env: Record<string, string>): Promise<Child> {
  const child: ChildProcess = fork(path.join(HERE, 'serve.ts'), [mode], {
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF && mode === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  });
  const cpuReplies: Array<(micros: number) => void> = [];
  const cpuMicros = () => new Promise<number>((resolve) => {
    cpuReplies.push(resolve);
    child.send({ type: 'cpu' });
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited with code ${code} before listening`)));
    child.on('message', (message: { type?: string; port?: number; micros?: number }) => {
      if (message?.type === 'listening') resolve({ url: `http://127.0.0.1:${message.port}`, pid: child.pid ?? 0, cpuMicros, stop });
      if (message?.type === 'cpu') cpuReplies.shift()?.(message.micros ?? 0);
    });
  });
}

/** CPU ticks (user + system) used so far by every process below `pid` (not `pid` itself). */
function descendantsCpuTicks(pid: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // The command name may hold spaces: the fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
  }
  let total = 0;
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    total += ticks.get(next) ?? 0;
    stack.push(...(children.get(next) ?? []));
  }
  return total;
}

/**
 * Waits until the processes `pid` started (its job worker and their helpers) use under 5 % of a
 * core over a second; returns the seconds waited, or null if still busy after `limitS`.
 */
export async function childrenSettled(pid: number, limitS = 60): Promise<number | null> {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let before = descendantsCpuTicks(pid);
  for (let waited = 1; waited <= limitS; waited += 1) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = descendantsCpuTicks(pid);
    if ((now - before) / ticksPerSecond < 0.05) return waited;
    before = now;
  }
  return null;
}

/** Removes the bench's own queue keys from the shared Redis (only its random prefix). */
export async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  // Closing queue clients may still write a key or two: sweep until a pass finds nothing.
  for (let pass = 0; pass < 5; pass += 1) {
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) deleted += await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    if (!deleted && pass > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await redis.quit();
}

export async function signUp(baseUrl: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Bench Writer', email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery staple' }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  return { token: body.token, userId: body.user.id };
}


export interface BenchApp extends Child {
  databaseUrl: string;
  /** Stops the server, drops the scratch database and removes the bench's Redis keys and files. */
  stop(): Promise<void>;
}

/**
 * The real server on a scratch database and the machine's Redis (own key prefix), rate limits
 * out of the way. `env` adds or overrides settings (RUN_WORKERS, BG_ISNET_MODEL ...).
 */
export async function startBenchApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `cwbench-${randomBytes(4).toString('hex')}`;
  const dataDir = path.join(os.tmpdir(), prefix);
  const scratch = await createTestDatabase(adminUrl, 'cw_bench');
  const cleanup = async () => {
    await scratch.drop();
    await deleteKeys(redisUrl, prefix).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await spawnServer('app', {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      QUEUE_MODE: 'bullmq',
      QUEUE_PREFIX: prefix,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: '100000',
      AI_RATE_LIMIT_PER_MINUTE: '100000',
      TRUST_PROXY: 'loopback',
      RUN_WORKERS: 'false',
      ...env,
    });
    return {
      ...app,
      databaseUrl: scratch.url,
      async stop() {
        await app.stop();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
