/**
 * What a job needs around it, built once per worker process or thread from the environment:
 * config, Postgres pool, object storage, logger, and the engines' configuration.
 */
import { loadConfig, type AppConfig } from '@craftwell/core/config/env';
import { createPool, type Db } from '@craftwell/core/db/pool';
import { createLogger, type Logger } from '@craftwell/core/logger';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import { configureEngines } from '../engines/configure.js';

export interface WorkerRuntime {
  config: AppConfig;
  db: Db;
  storage: ObjectStorage;
  log: Logger;
}

let runtime: Promise<WorkerRuntime> | null = null;

export function createWorkerRuntime(): Promise<WorkerRuntime> {
  runtime ??= (async () => {
    const config = loadConfig(process.env);
    if (!config.DATABASE_URL) throw new Error('DATABASE_URL must be set for job workers');
    const log = createLogger(config.LOG_LEVEL, 'worker');
    const db = createPool(config.DATABASE_URL, 4);
    const storage = await createObjectStorage(parseStorageConfig(config.rawEnv, { dataDir: config.dataDir }));
    await configureEngines(config);
    return { config, db, storage, log };
  })();
  return runtime;
}
