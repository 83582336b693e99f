/**
 * The embedded Postgres of `npm start` (no DATABASE_URL), started the way a newcomer does: the
 * clone inside a private folder (mode 700, like /root). Run as root (CI), Postgres runs as the
 * craftwell-pg user, which cannot enter that folder: the cluster then lives in the fallback folder,
 * linked from DATA_DIR/postgres. Run as anyone else, it lives in DATA_DIR/postgres.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@craftwell/core/db/embedded-postgres';
import { writeRunningInstance } from '@craftwell/core/db/running-instance';
import { queryOnce } from '../support/database.js';

const isRoot = process.getuid?.() === 0;
const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** A pid that surely belongs to no process any more. */
function deadPid(): number {
  return Number(spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim());
}

describe('embedded Postgres in a private folder', () => {
  const privateParent = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-private-'));
  fs.chmodSync(privateParent, 0o700);
  const dataDir = path.join(privateParent, 'app', '.data');
  const fallbackDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-fallback-'));
  fs.chmodSync(fallbackDir, 0o755);
  const handles: EmbeddedPostgresHandle[] = [];
  const start = async () => {
    const handle = await startEmbeddedPostgres(dataDir, { port: 0, fallbackDir });
    handles.push(handle);
    return handle;
  };

  afterAll(async () => {
    for (const h of handles) await h.stop().catch(() => undefined);
    fs.rmSync(privateParent, { recursive: true, force: true });
    fs.rmSync(fallbackDir, { recursive: true, force: true });
  });

  it('when started the first time, then it serves, keeps DATA_DIR private, and says where the data is', async () => {
    const pgServer = await start();
    await queryOnce(pgServer.url, 'CREATE TABLE kept (word text); INSERT INTO kept VALUES (\'still here\')');
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'postgres-password'))).toBe(0o600);
    expect(modeOf(pgServer.clusterDir)).toBe(0o700);
    if (isRoot) {
      expect(fs.lstatSync(path.join(dataDir, 'postgres')).isSymbolicLink()).toBe(true);
      expect(fs.realpathSync(path.join(dataDir, 'postgres'))).toBe(fs.realpathSync(pgServer.clusterDir));
      expect(pgServer.clusterDir.startsWith(fallbackDir)).toBe(true);
      // The private folder stays private: nothing above DATA_DIR was opened.
      expect(modeOf(privateParent)).toBe(0o700);
    } else {
      expect(pgServer.clusterDir).toBe(path.join(dataDir, 'postgres'));
    }
    await pgServer.stop();
  });

  it('when started again, then the same data is there', async () => {
    const pgServer = await start();
    expect(await queryOnce(pgServer.url, 'SELECT word FROM kept')).toEqual([{ word: 'still here' }]);
    await pgServer.stop();
  });

  it('when the app that started it was killed, then the next start stops the leftover server and starts cleanly', async () => {
    const leftover = await start();
    writeRunningInstance(dataDir, leftover.url);
    const file = path.join(dataDir, 'running.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), pid: deadPid() }));
    const next = await start();
    expect(await queryOnce(next.url, 'SELECT word FROM kept')).toEqual([{ word: 'still here' }]);
    await next.stop();
  });

  it('when the app runs from the same DATA_DIR, then a second start refuses with a message that says what to do', async () => {
    const running = await start();
    writeRunningInstance(dataDir, running.url);
    await expect(start()).rejects.toThrow(/Craftwell is already running from .* \(pid \d+\)\. Stop it first/);
    await running.stop();
    fs.rmSync(path.join(dataDir, 'running.json'));
  });

  it('when the password kept in DATA_DIR is not the database\'s, then the start fails and leaves no server running', async () => {
    const file = path.join(dataDir, 'postgres-password');
    const kept = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, 'not-the-password');
    try {
      await expect(start()).rejects.toThrow(/password authentication failed/);
      const pidFile = path.join(fs.realpathSync(path.join(dataDir, 'postgres')), 'postmaster.pid');
      expect(fs.existsSync(pidFile)).toBe(false);
    } finally {
      fs.writeFileSync(file, kept);
    }
  });

  it('when the clone was deleted and made again in the same folder, then a new database starts and the earlier one is kept aside', async () => {
    fs.rmSync(path.join(privateParent, 'app'), { recursive: true, force: true });
    const pgServer = await start();
    expect(await queryOnce(pgServer.url, "SELECT to_regclass('kept') AS kept")).toEqual([{ kept: null }]);
    await pgServer.stop();
    if (isRoot) {
      const aside = fs.readdirSync(fallbackDir).filter((name) => /^cluster-.*\.before-/.test(name));
      expect(aside).toHaveLength(1);
      expect(fs.existsSync(path.join(fallbackDir, aside[0]!, 'PG_VERSION'))).toBe(true);
    }
  });
});

describe.skipIf(!isRoot)('embedded Postgres as root in a folder others may pass through', () => {
  const openParent = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-open-'));
  fs.chmodSync(openParent, 0o755);
  const dataDir = path.join(openParent, '.data');
  afterAll(() => fs.rmSync(openParent, { recursive: true, force: true }));

  it('when started, then the cluster stays in DATA_DIR/postgres and only the database user may pass through DATA_DIR', async () => {
    const pgServer = await startEmbeddedPostgres(dataDir, { port: 0, fallbackDir: path.join(openParent, 'unused') });
    try {
      expect(pgServer.clusterDir).toBe(path.join(dataDir, 'postgres'));
      expect(fs.lstatSync(pgServer.clusterDir).isDirectory()).toBe(true);
      expect(modeOf(dataDir)).toBe(0o710);
      // No cluster in the fallback folder (it may hold a copy of the binaries when the clone
      // itself sits in a private folder the database user cannot enter).
      const fallback = path.join(openParent, 'unused');
      expect(fs.existsSync(fallback) ? fs.readdirSync(fallback).filter((name) => name.startsWith('cluster-')) : []).toEqual([]);
      expect(await queryOnce(pgServer.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await pgServer.stop();
    }
  });
});
