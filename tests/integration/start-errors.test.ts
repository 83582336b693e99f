/** A start that cannot succeed ends with one message that says what to do. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@craftwell/core/config/env';
import { StartupError } from '@craftwell/core/db/data-dir';
import { startServer } from '@craftwell/api/server';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { serviceUrl } from '../support/services.js';

const postgresUrl = serviceUrl('postgres');

describe.skipIf(!postgresUrl)('when the app cannot start', () => {
  let database: TestDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-start-'));
  beforeAll(async () => { database = await createTestDatabase(postgresUrl!); });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const config = (env: Record<string, string>) => loadConfig({
    HOST: '127.0.0.1', LOG_LEVEL: 'silent', QUEUE_MODE: 'in-process', DATA_DIR: dataDir, DATABASE_URL: database.url, ...env,
  });

  it('then a port in use says so and names another port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const failure = await startServer(config({ PORT: String(port) })).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toBe(`Port ${port} is already in use (127.0.0.1:${port}): another Craftwell or program listens there. Stop it, or start with another port: PORT=${port + 1} npm start`);
    } finally {
      blocker.close();
    }
  });

  it('then a DATA_DIR that cannot be written says which and what to do', async () => {
    const file = path.join(dataDir, 'a-file');
    fs.writeFileSync(file, '');
    const failure = await startServer(config({ PORT: '0', DATA_DIR: path.join(file, 'data') })).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as Error).message).toMatch(/^DATA_DIR .*a-file\/data cannot be used by this user \(ENOTDIR\)\. Set DATA_DIR to a folder you can write, or fix its permissions\.$/);
  });
});
