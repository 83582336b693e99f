/**
 * `npm run admin` next to `npm start` in embedded mode (no DATABASE_URL), from a clone's DATA_DIR
 * inside a private folder (mode 700, like /root): while the app runs the CLI uses the app's own
 * database; when it is stopped (or was killed) the CLI starts the embedded database itself. The
 * app listens on all interfaces, so it also prints the administrator setup code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, stopGroup, waitForReady } from './support/app-process.js';

const privateParent = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-private-'));
fs.chmodSync(privateParent, 0o700);
const dataDir = path.join(privateParent, 'clone', '.data');
const fallbackDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-fallback-'));
fs.chmodSync(fallbackDir, 0o755);

function appEnv(port: number): Record<string, string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '0.0.0.0',
    DATA_DIR: dataDir,
    EMBEDDED_PG_FALLBACK_DIR: fallbackDir,
    QUEUE_MODE: 'in-process',
    IN_PROCESS_THREADS: '1',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'BETTER_AUTH_SECRET']) delete env[name];
  return env;
}

interface RunningApp { child: ChildProcess; baseUrl: string; output: () => string }

async function startApp(): Promise<RunningApp> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env: appEnv(port), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => { output += d; });
  child.stderr!.on('data', (d: Buffer) => { output += d; });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(baseUrl, child, () => output);
  } catch (err) {
    await stopGroup(child);
    throw err;
  }
  return { child, baseUrl, output: () => output };
}

/**
 * Runs the admin CLI without blocking this process: a blocked event loop misses the app closing
 * an idle keep-alive socket, and the next fetch would then be written into a closed connection.
 */
function admin(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/cli/admin.ts'), ...args], {
    cwd: ROOT, env: appEnv(0), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

const runningPid = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'running.json'), 'utf8')).pid as number;

describe('the admin CLI next to the embedded app', () => {
  let app: RunningApp | null = null;
  let token = '';

  beforeAll(async () => { app = await startApp(); }, 180_000);
  afterAll(async () => {
    if (app) await stopGroup(app.child);
    fs.rmSync(privateParent, { recursive: true, force: true });
    fs.rmSync(fallbackDir, { recursive: true, force: true });
  });

  it('when the app listens on all interfaces, then its log has the setup code, and the first account made on this machine is still the administrator', async () => {
    expect(app!.output()).toMatch(/setup code [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    const res = await fetch(`${app!.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app!.baseUrl },
      body: JSON.stringify({ name: 'Olga Owner', email: 'olga@example.com', password: 'correct horse battery' }),
    });
    expect(res.status).toBe(200);
    token = (await res.json()).token;
  });

  it('when the app runs, then list-users and set-plan use its database and say so', async () => {
    const list = await admin('list-users');
    expect(list.code).toBe(0);
    expect(list.stderr).toContain(`the embedded database of the running Craftwell (pid ${runningPid()})`);
    expect(list.stdout).toMatch(/olga@example\.com.*premium.*yes/);

    const setPlan = await admin('set-plan', 'olga@example.com', 'free');
    expect(setPlan.code).toBe(0);
    expect(setPlan.stdout).toContain('olga@example.com is now on the free plan.');
    const me = await (await fetch(`${app!.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(me.user.plan).toBe('free');
  }, 120_000);

  it('when the app is stopped, then the CLI starts the embedded database itself, says so, and finds the same users', async () => {
    await stopGroup(app!.child);
    expect(app!.child.exitCode).toBe(0);
    app = null;
    expect(fs.existsSync(path.join(dataDir, 'running.json'))).toBe(false);

    const list = await admin('list-users');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).toMatch(/Craftwell is not running, so its embedded database was started for this command/);
    expect(list.stdout).toMatch(/olga@example\.com.*free/);
  }, 120_000);

  it('when the app was killed, then the CLI ignores its stale connection details, stops its leftover database and works', async () => {
    app = await startApp();
    const pid = runningPid();
    process.kill(pid, 'SIGKILL');
    await new Promise<void>((resolve) => (app!.child.exitCode !== null ? resolve() : app!.child.once('exit', () => resolve())));

    const list = await admin('list-users');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).toContain(`left by a Craftwell that is no longer running (pid ${pid})`);
    expect(list.stdout).toMatch(/olga@example\.com/);
    // The next start finds its data and a free database folder.
    await stopGroup(app!.child);
    app = await startApp();
    expect((await admin('list-users')).stdout).toMatch(/olga@example\.com/);
  }, 240_000);
});
