/**
 * `npm run api` (api-only, workers apart): the process serves HTTP and loads no ML runtime or
 * PDF reader; those belong to worker processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl, testKeyPrefix } from '../support/services.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEAVY = ['onnxruntime-node', '@tensorflow/', 'pdfjs-dist', 'node-llama-cpp', '@imgly/', '@techstark/opencv-js'];

const postgresUrl = serviceUrl('postgres');
const redisUrl = serviceUrl('redis');

function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before ${pattern}:\n${output}`)));
  });
}

describe.skipIf(!postgresUrl || !redisUrl)('when the api runs on its own (npm run api)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let modulesFile: string;
  let loaded: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-api-only-'));
    modulesFile = path.join(dataDir, 'modules.txt');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', path.join(ROOT, 'tests/support/record-modules.ts'), 'api/src/main.ts', '--api-only'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl!,
          QUEUE_PREFIX: testKeyPrefix(),
          BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
          RECORD_MODULES_TO: modulesFile,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      await waitForOutput(child, /Craftwell is running at/, 60_000);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    loaded = fs.readFileSync(modulesFile, 'utf8').split('\n').filter(Boolean);
  });

  afterAll(async () => {
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('then it has loaded the HTTP stack (the record is real)', () => {
    expect(loaded.some((m) => m.includes('/node_modules/express/'))).toBe(true);
    expect(loaded.some((m) => m.includes('/api/src/app.ts'))).toBe(true);
  });

  it('then no ML runtime, PDF reader or engine module was loaded', () => {
    const heavy = loaded.filter((m) => HEAVY.some((name) => m.includes(`/node_modules/${name}`)) || m.includes('/worker/src/'));
    expect(heavy).toEqual([]);
  });
});
