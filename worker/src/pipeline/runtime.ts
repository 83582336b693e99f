/**
 * What a job needs around it, built once per worker process or thread from the environment:
 * config, Postgres pool, object storage, logger, and the job handlers with their engines.
 */
import { loadConfig, type AppConfig } from '@craftwell/core/config/env';
import { createPool, type Db } from '@craftwell/core/db/pool';
import { createLogger, type Logger } from '@craftwell/core/logger';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import { createEngines } from '../engines/index.js';
import { createHandlers, type Handlers } from '../handlers/index.js';

export interface WorkerRuntime {
  config: AppConfig;
  db: Db;
  storage: ObjectStorage;
  log: Logger;
  handlers: Handlers;
}

let runtime: Promise<WorkerRuntime> | null = null;

export function createWorkerRuntime(): Promise<WorkerRuntime> {
  runtime ??= (async () => {
    const config = loadConfig();
    if (!config.DATABASE_URL) throw new Error('DATABASE_URL must be set for job workers');
    const log = createLogger(config.LOG_LEVEL, 'worker');
    const db = createPool(config.DATABASE_URL, 4);
    const storage = await createObjectStorage(parseStorageConfig(config.rawEnv, { dataDir: config.dataDir }));
    const engines = createEngines(config, { warn: (message) => log.warn(message) });
    await engines.warmUp();
    return { config, db, storage, log, handlers: createHandlers(engines) };
  })();
  return runtime;
}
