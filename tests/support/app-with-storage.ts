/** The set-up the creation and account tests share: the app, a pool on its database and its storage. */
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { startTestApp, type TestApp } from './app.js';
import { storageOf } from './creations.js';
import { optionalRedisUrl } from './services.js';

/** A test app (with Redis when the run has one), a small pool on its database and its storage. */
export async function startAppWithStorage(postgresUrl: string): Promise<{ app: TestApp; db: pg.Pool; storage: ObjectStorage }> {
  const app = await startTestApp({ postgresUrl, redisUrl: optionalRedisUrl() });
  const db = createPool(app.database.url, 2);
  return { app, db, storage: await storageOf(app) };
}

/** Undoes startAppWithStorage; either may be missing when the start failed. */
export async function stopAppWithStorage(app: TestApp | undefined, db: pg.Pool | undefined): Promise<void> {
  await db?.end();
  await app?.stop();
}
