/**
 * The production build (`npm run build`, what `npm start`, the image and the manifests run): the
 * api's bundle starts with plain node, starts its worker process (the compiled tree), serves
 * sign-up and a tool request end to end, and no process of the tree runs a TypeScript loader or
 * its esbuild service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl, testKeyPrefix } from '../support/services.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { signUp, authed } from '../support/app.js';
// @ts-expect-error: a plain-JavaScript script with no type declarations
import { API_BUNDLE } from '../../scripts/prepare.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const postgresUrl = serviceUrl('postgres');
const redisUrl = serviceUrl('redis');

/** Every process below `pid`, with its command line (from /proc). */
function descendants(pid: number): Array<{ pid: number; cmdline: string[] }> {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch { /* gone meanwhile */ }
  }
  const found: Array<{ pid: number; cmdline: string[] }> = [];
  const walk = (p: number) => {
    for (const child of children.get(p) ?? []) {
      try {
        found.push({ pid: child, cmdline: fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean) });
      } catch { /* gone meanwhile */ }
      walk(child);
    }
  };
  walk(pid);
  return found;
}

describe.skipIf(!postgresUrl || !redisUrl)('when the compiled api runs with plain node', () => {
  let database: TestDatabase;
  let dataDir: string;
  let child: ChildProcess;
  let url = '';

  beforeAll(async () => {
    expect(fs.existsSync(path.join(ROOT, API_BUNDLE)), 'npm test builds the server first (scripts/test.mjs)').toBe(true);
    database = await createTestDatabase(postgresUrl!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-compiled-'));
    child = spawn(process.execPath, ['--conditions=compiled', '--enable-source-maps', API_BUNDLE], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1',
        LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: database.url, REDIS_URL: redisUrl!,
        QUEUE_PREFIX: testKeyPrefix(), BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not running within 90 s:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Craftwell is running at (\S+)/.exec(output);
        if (match) { clearTimeout(timer); resolve(match[1]!); }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('then it is ready with its workers, and no process of the tree loads TypeScript', async () => {
    let ready: { status?: string; checks?: { workers?: Record<string, string> } } = {};
    for (let i = 0; i < 60 && ready.status !== 'ready'; i++) {
      ready = await fetch(new URL('/readyz', url.replace('localhost', '127.0.0.1'))).then((r) => r.json()).catch(() => ({}));
      if (ready.status !== 'ready') await new Promise((r) => setTimeout(r, 1000));
    }
    expect(ready.status).toBe('ready');
    expect(Object.values(ready.checks?.workers ?? {})).not.toContain('down');
    const tree = [{ pid: child.pid!, cmdline: fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean) }, ...descendants(child.pid!)];
    const nodes = tree.filter((p) => path.basename(p.cmdline[0] ?? '') === 'node' || p.cmdline[0] === process.execPath);
    expect(nodes.length, 'the api and its worker process').toBeGreaterThanOrEqual(2);
    for (const p of tree) {
      const line = p.cmdline.join(' ');
      expect(line, 'no TypeScript loader').not.toMatch(/tsx|esbuild|\.ts(\s|$)/);
    }
    for (const p of nodes) expect(p.cmdline, p.cmdline.join(' ')).toContain('--conditions=compiled');
  });

  it('then a user signs up, is known by token, and a tool request runs on its worker and is saved', async () => {
    const base = url.replace('localhost', '127.0.0.1');
    const { token } = await signUp(base);
    expect((await fetch(`${base}/api/me`, { headers: authed(token) })).status).toBe(200);
    const res = await fetch(`${base}/api/ai/generate-blog-title`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) },
      body: JSON.stringify({ prompt: 'Generate a blog title for the keyword tea in the category Food' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success?: boolean; content?: unknown };
    expect(body.success).toBe(true);
    const mine = await (await fetch(`${base}/api/user/get-user-creations`, { headers: authed(token) })).json() as { creations?: unknown[] };
    expect(mine.creations?.length).toBe(1);
  }, 120_000);
});

