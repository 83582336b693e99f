import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '@craftwell/core/db/running-instance';
import { findRedisServer, startEmbeddedRedis } from '@craftwell/api/embedded/redis';

const bin = findRedisServer();

describe.skipIf(!bin)('embedded redis-server', () => {
  it('when the app that started it was killed, then the next start stops the leftover server before using the same files', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-redis-'));
    try {
      await startEmbeddedRedis(bin!, dataDir); // its handle is lost, as when the app is killed
      const leftoverPid = Number(fs.readFileSync(path.join(dataDir, 'redis', 'server.pid'), 'utf8'));
      expect(isProcessAlive(leftoverPid)).toBe(true);

      const next = await startEmbeddedRedis(bin!, dataDir);
      expect(isProcessAlive(leftoverPid)).toBe(false);
      expect(fs.statSync(path.join(dataDir, 'redis')).mode & 0o777).toBe(0o700);
      await next.stop();
      expect(fs.existsSync(path.join(dataDir, 'redis', 'server.pid'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('when it starts, then it asks for a password kept in DATA_DIR (0600), the same on every start, and clients get it in the URL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-redis-'));
    try {
      const first = await startEmbeddedRedis(bin!, dataDir);
      const url = new URL(first.url);
      expect(url.password.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dataDir, 'redis-password');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(url.password)).toBe(fs.readFileSync(file, 'utf8').trim());

      const anonymous = new Redis(`redis://127.0.0.1:${url.port}`, { maxRetriesPerRequest: 0, lazyConnect: true });
      anonymous.on('error', () => undefined);
      await anonymous.connect().catch(() => undefined);
      await expect(anonymous.ping()).rejects.toThrow(/NOAUTH|Authentication required/);
      anonymous.disconnect();

      const client = new Redis(first.url, { maxRetriesPerRequest: 0 });
      expect(await client.ping()).toBe('PONG');
      await client.quit();
      await first.stop();

      const second = await startEmbeddedRedis(bin!, dataDir);
      expect(new URL(second.url).password).toBe(url.password);
      await second.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
