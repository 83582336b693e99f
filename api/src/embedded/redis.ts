/**
 * Embedded mode without REDIS_URL: start `redis-server` from PATH on loopback, data in
 * DATA_DIR/redis, so BullMQ runs exactly as in a cluster. It asks for a password generated once
 * and kept in DATA_DIR (0600): any local user or process could otherwise reach the queue and the
 * rate-limit counters on the loopback port. The password goes to redis-server in a config file
 * (not its command line, which `ps` shows) and to every client in the URL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { isProcessAlive, readRunningInstance } from '@craftwell/core/db/running-instance';
import { StartupError } from '@craftwell/core/db/data-dir';
import { keptSecret } from './secret.js';

export function findRedisServer(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const bin = found.stdout.trim();
  return found.status === 0 && bin ? bin : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.end(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}

export interface EmbeddedRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * The redis-server of an app that was killed keeps running and writing its append-only file in
 * DATA_DIR/redis; a second server on the same files would corrupt them, so it is stopped first.
 */
async function stopLeftoverRedis(dataDir: string, pidFile: string): Promise<void> {
  const pid = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').trim() : NaN);
  let cmdline = '';
  try { cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { /* gone, or no /proc */ }
  if (!isProcessAlive(pid) || !cmdline.includes('redis-server')) return;
  const owner = readRunningInstance(dataDir);
  if (owner && owner.pid !== process.pid && isProcessAlive(owner.pid)) {
    throw new StartupError(`Craftwell is already running from ${dataDir} (pid ${owner.pid}). Stop it first, or set DATA_DIR to another folder.`);
  }
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && isProcessAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

export async function startEmbeddedRedis(bin: string, dataDir: string): Promise<EmbeddedRedis> {
  const dir = path.join(dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pidFile = path.join(dir, 'server.pid');
  await stopLeftoverRedis(dataDir, pidFile);
  const port = await freePort();
  const password = keptSecret(dataDir, 'redis-password');
  const configFile = path.join(dir, 'auth.conf');
  fs.writeFileSync(configFile, `requirepass ${password}\n`, { mode: 0o600 });
  fs.chmodSync(configFile, 0o600);
  const child: ChildProcess = spawn(bin, [
    configFile, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes',
    '--save', '', '--protected-mode', 'yes', '--maxmemory-policy', 'noeviction',
  ], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (err) => reject(new StartupError(`Could not run ${bin} (${(err as NodeJS.ErrnoException).code ?? err.message}). Fix it, set REDIS_URL, or use QUEUE_MODE=in-process.`)));
  });
  failed.catch(() => undefined);
  try {
    await Promise.race([waitForPort(port, 10_000), failed]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  if (child.pid) fs.writeFileSync(pidFile, String(child.pid), { mode: 0o600 });
  return {
    url: `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(pidFile, { force: true });
    },
  };
}
