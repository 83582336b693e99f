import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
});
