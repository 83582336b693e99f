/**
 * Composition root: builds every dependency from config, starts what embedded mode needs
 * (Postgres, Redis or the in-process queue, job workers) and the HTTP server; close() stops all
 * of it in reverse order.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { JobProducer, JobRunner } from '@craftwell/queue/types';
import { createBullmqProducer } from '@craftwell/queue/bullmq';
import { createBullmqInspector, type QueueInspector } from '@craftwell/queue/inspect';
import type { ConnectionLog } from '@craftwell/queue/connection-state';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import { describeEngines, imageGenerationStatusFor, validateEngineConfig } from '@craftwell/core/config/engines';
import { Redis } from 'ioredis';
import { createApp } from './app.js';
import { createBetterAuth, createLocalAuthProvider } from './auth/local.js';
import { watchDatabase } from '@craftwell/core/db/outage';
import { createClerkAuth } from './auth/clerk.js';
import { adminSetupCode, isLoopbackHost } from './auth/setup-code.js';
import { parseEmailDomains } from './auth/signup-policy.js';
import { createSessionCache } from './auth/session-cache.js';
import type { AppConfig } from '@craftwell/core/config/env';
import type { CatalogModel } from '@craftwell/core/models/catalog';
import { startEmbeddedPostgres } from '@craftwell/core/db/embedded-postgres';
import { removeRunningInstance, writeRunningInstance } from '@craftwell/core/db/running-instance';
import { migrateUp } from '@craftwell/core/db/migrate';
import { createPool } from '@craftwell/core/db/pool';
import { listenToCreationChanges, type CreationChanges } from '@craftwell/core/repositories/creation-changes';
import { createListCache } from './modules/users/list-cache.js';
import { preparePrivateDataDir, StartupError } from '@craftwell/core/db/data-dir';
import { findRedisServer, startEmbeddedRedis } from './embedded/redis.js';
import { authSecret } from './embedded/secret.js';
import { createLogger } from '@craftwell/core/logger';
import { startOrphanSweep } from './jobs/orphan-sweep.js';
import { startReservationSweep } from './jobs/reservation-sweep.js';
import { createQueueDashboard } from './jobs/queue-dashboard.js';
import { PROCESSOR_URL, REPO_ROOT, entryPath, moduleLoaderArgs } from '@craftwell/core/runtime-paths';
import { freeBytesOf } from './modules/health/routes.js';
import { parseBackgroundConfig } from '@craftwell/core/config/background';
import { createEngineInstaller } from './modules/admin/engine-installer.js';
import { heldResources } from '@craftwell/queue/held-resources';
import { adminExists } from '@craftwell/core/repositories/users';

const ROOT = REPO_ROOT;
/** Longest wait for one shutdown step; the worker process gets its own, longer grace. */
const STOP_STEP_MS = 5_000;
/** Above the idle time of common clients and proxies (60 s for many load balancers). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * Embedded mode runs job workers beside the api: it starts the worker's entry files by path (a
 * thread or a child process), never imports them, so an api-only process loads no engine.
 */
const WORKER_NICENESS = 10;
const WORKER_MAIN = entryPath('worker/src/main.ts');

export interface RunningServer {
  url: string;
  port: number;
  queueKind: 'bullmq' | 'in-process';
  /** The request handler (its router is read by the route-contract test). */
  app: http.RequestListener;
  close(): Promise<void>;
}

/** What tests put in place of a fixed part (never read from the environment or a request). */
export interface ServerSeams {
  /** The model catalogue the Engines panel installs from (tests: checksums of stand-in files). */
  modelCatalog?: readonly CatalogModel[];
}

export async function startServer(config: AppConfig, seams: ServerSeams = {}): Promise<RunningServer> {
  const log = createLogger(config.LOG_LEVEL, 'api');
  const stops: Array<() => Promise<void>> = [];
  // Each step gets a bounded time: after Ctrl-C, Redis may already be gone and a client close
  // would otherwise wait for it forever.
  const closeAll = async () => {
    for (const stop of stops.reverse()) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => { log.warn('a shutdown step took too long; moving on'); resolve(); }, (stop as { timeoutMs?: number }).timeoutMs ?? STOP_STEP_MS);
      });
      await Promise.race([stop().catch((err) => log.error({ err }, 'shutdown step failed')), timeout]);
      clearTimeout(timer);
    }
  };

  try {
    validateEngineConfig(config.rawEnv);
    preparePrivateDataDir(config.dataDir);
    const storageConfig = parseStorageConfig(config.rawEnv, { dataDir: config.dataDir });
    // Postgres: external when DATABASE_URL is set, else the embedded server.
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres(config.dataDir, { log: (m) => log.warn(m), fallbackDir: config.EMBEDDED_PG_FALLBACK_DIR });
      stops.push(() => pg.stop());
      databaseUrl = pg.url;
      // For `npm run admin` while we run; removed before Postgres stops.
      writeRunningInstance(config.dataDir, pg.url);
      stops.push(async () => removeRunningInstance(config.dataDir));
      log.info('postgres: embedded server, data in %s', pg.clusterDir);
    }
    // Job workers (threads or child processes) get the same environment, with the services started here.
    const workerEnv: Record<string, string | undefined> = { ...config.rawEnv, DATABASE_URL: databaseUrl };
    await migrateUp(databaseUrl, (m) => log.debug(m));
    const db = createPool(databaseUrl);
    stops.push(() => db.end());
    // One line per Postgres outage (down, back) from every library that uses the pool.
    const databaseState = watchDatabase(db, { warn: (m) => log.warn(m), info: (m) => log.info(m) });

    const storage = await createObjectStorage(storageConfig);

    // Metrics (METRICS_TOKEN): the queue depth is read from the inspector at scrape time.
    let queueInspector: QueueInspector | undefined;
    // prom-client is loaded only when metrics are on.
    const metrics = config.METRICS_TOKEN
      ? (await import('@craftwell/core/metrics')).createMetrics({ process: 'api', held: heldResources, queueDepth: async () => (queueInspector ? (await queueInspector.overview(1)).queues : []) })
      : undefined;

    // Queue: BullMQ on REDIS_URL, else on a redis-server we start, else the in-process adapter.
    let producer: JobProducer;
    let runner: JobRunner | null = null;
    let inProcessInspector: QueueInspector | undefined;
    let redisUrl = config.REDIS_URL;
    const mode = config.QUEUE_MODE;
    if (!redisUrl && mode !== 'in-process') {
      const bin = findRedisServer();
      if (bin) {
        const redis = await startEmbeddedRedis(bin, config.dataDir);
        stops.push(() => redis.stop());
        redisUrl = redis.url;
      } else if (mode === 'bullmq') {
        throw new Error('QUEUE_MODE=bullmq needs REDIS_URL or a redis-server binary on PATH');
      }
    }
    // Every Redis client logs an outage once when it starts and once when it ends.
    const redisLog: ConnectionLog = {
      down: (message) => log.warn(message), up: (message) => log.info(message), error: (message, err) => log.error({ err }, message),
    };
    if (redisUrl && mode !== 'in-process') {
      workerEnv.REDIS_URL = redisUrl;
      producer = createBullmqProducer({ redisUrl, prefix: config.QUEUE_PREFIX, connectionLog: redisLog });
      log.info(`queue: BullMQ on ${config.REDIS_URL ? 'REDIS_URL' : 'an embedded redis-server'} (${redisUrl})`);
      if (config.RUN_WORKERS) {
        const workers = spawnWorkers(config, log, workerEnv);
        // Active jobs may finish: the worker's own grace period, plus a margin.
        stops.push(Object.assign(workers.stop, { timeoutMs: 35_000 }));
        await workers.ready;
      }
    } else {
      const { createInProcessQueue } = await import('@craftwell/queue/in-process');
      const queue = createInProcessQueue({ threads: config.IN_PROCESS_THREADS, processorUrl: PROCESSOR_URL, env: workerEnv, onAttempt: metrics?.recordAttempt });
      producer = queue.producer;
      runner = queue.runner;
      inProcessInspector = queue.inspector;
      log.info(`queue: in-process adapter on ${config.IN_PROCESS_THREADS} worker threads (no Redis found; set REDIS_URL to use BullMQ)`);
    }
    stops.push(() => producer.close());
    if (runner) {
      await runner.start();
      const r = runner;
      stops.push(() => r.close(10_000));
    }

    // Auth: Clerk when its keys are set, else local accounts.
    let betterAuth;
    let authProvider;
    let clerkMiddleware;
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    if (config.authMode === 'clerk') {
      const clerk = createClerkAuth({
        db,
        secretKey: config.CLERK_SECRET_KEY!,
        publishableKey: config.CLERK_PUBLISHABLE_KEY!,
        jwtKey: config.CLERK_JWT_KEY,
        authorizedParties: config.CLERK_AUTHORIZED_PARTIES?.split(',').map((s) => s.trim()).filter(Boolean),
      });
      authProvider = clerk.provider;
      clerkMiddleware = clerk.middleware;
      if (!(await adminExists(db))) {
        log.warn(`No administrator yet. Sign in, then claim the role with the setup code ${adminSetupCode(config.CLERK_SECRET_KEY!)} (POST /api/admin/claim), or run: npm run admin -- set-admin <email or user id> on`);
      }
    } else {
      const secret = authSecret(config.BETTER_AUTH_SECRET, config.dataDir);
      const adminSetup = isLoopbackHost(config.HOST) ? null : adminSetupCode(secret);
      if (adminSetup && !(await adminExists(db))) {
        log.warn(`No administrator yet, and the app listens beyond this machine (HOST=${config.HOST}). The first account created from this machine becomes administrator; from elsewhere, sign up with the setup code ${adminSetup} (README: "Public bind").`);
      }
      // Replicas on one Redis share session drops (sign-out, password change) through it.
      const sharedRedis = redisUrl && mode !== 'in-process' ? redisUrl : undefined;
      const sessionCache = await createSessionCache({ redisUrl: sharedRedis, channel: `${config.QUEUE_PREFIX}:session-drops` });
      stops.push(() => sessionCache.close());
      betterAuth = createBetterAuth({
        db,
        secret,
        adminSetupCode: adminSetup,
        baseURL: publicUrl,
        trustedOrigins: [publicUrl, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`],
        signInPerMinute: config.SIGN_IN_RATE_LIMIT_PER_MINUTE,
        signup: { mode: config.SIGNUP_MODE, emailDomains: parseEmailDomains(config.SIGNUP_EMAIL_DOMAINS) },
        sessionCache,
        log,
        databaseState,
      });
      authProvider = createLocalAuthProvider(betterAuth, sessionCache);
    }

    const engines = describeEngines(config);
    for (const [tool, engine] of Object.entries(engines)) {
      log.info(`engine: ${tool} -> ${engine ? engine.label : 'not configured'}`);
    }

    queueInspector = inProcessInspector;
    if (redisUrl && mode !== 'in-process') {
      const inspector = createBullmqInspector({ redisUrl, prefix: config.QUEUE_PREFIX, connectionLog: redisLog });
      stops.push(() => inspector.close());
      queueInspector = inspector;
    }
    let adminQueuesRouter;
    if (redisUrl && mode !== 'in-process') {
      const dashboard = createQueueDashboard({ redisUrl, prefix: config.QUEUE_PREFIX, connectionLog: redisLog });
      stops.push(() => dashboard.close());
      adminQueuesRouter = dashboard.router;
    }
    // Rate-limit counters in Redis when the queue has one, so every api replica shares them.
    let rateLimitRedis: Redis | null = null;
    if (redisUrl && mode !== 'in-process') {
      // A command that hangs (a frozen Redis) fails after a second: the limits then count here.
      const client = new Redis(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1_000 });
      // The store logs its own down/back lines (rate-limit-store.ts: it also sees a frozen Redis,
      // whose connection stays up); the listener only keeps ioredis from printing each attempt.
      client.on('error', () => undefined);
      stops.push(() => client.quit().then(() => undefined, () => client.disconnect()));
      rateLimitRedis = client;
    }
    // List pages are kept briefly while Postgres' change notices are heard (any writer, any replica).
    let changes: CreationChanges | null = null;
    const lists = createListCache(() => changes?.listening() ?? false);
    changes = await listenToCreationChanges(databaseUrl, { onChange: (userId) => lists.changed(userId), onReset: () => lists.reset() });
    const listener = changes;
    stops.push(() => listener.close());
    const engineInstaller = createEngineInstaller({
      db, storage, dataDir: config.dataDir, log, mirror: config.MODEL_MIRROR_URL, isnetModel: parseBackgroundConfig(config.rawEnv).BG_ISNET_MODEL,
      catalog: seams.modelCatalog,
    });
    stops.push(async () => engineInstaller.close());
    const app = createApp({
      config, db, log, storage, producer, authProvider, betterAuth, clerkMiddleware, engines, engineInstaller,
      imageGeneration: () => imageGenerationStatusFor(config),
      adminQueuesRouter, rateLimitRedis, lists, databaseState,
      storageFreeBytes: storageConfig.driver === 'local' ? () => freeBytesOf(path.join(config.dataDir, 'objects')) : undefined,
      queueInspector,
      metrics,
      webDistDir: path.join(ROOT, 'web', 'dist'),
    });

    stops.push(startOrphanSweep({ db, storage, log }));
    stops.push(startReservationSweep({ db, producer, storage, log, everyMs: config.RESERVATION_SWEEP_MS }));

    const server = http.createServer(app);
    server.requestTimeout = config.JOB_WAIT_TIMEOUT_MS + 30_000;
    // Idle keep-alive connections stay open longer than a client or proxy keeps them (Node's 5 s
    // default is shorter than most): else the server may close one just as the other side reuses
    // it, and that request fails with "socket hang up" or a proxy's 502.
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = Math.min(KEEP_ALIVE_TIMEOUT_MS + 1_000, server.requestTimeout);
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, config)));
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    stops.push(
      () => new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
    );
    const port = (server.address() as { port: number }).port;
    return {
      url: `http://localhost:${port}`,
      port,
      queueKind: producer.kind,
      app,
      close: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

function listenError(err: NodeJS.ErrnoException, config: AppConfig): Error {
  const where = `${config.HOST}:${config.PORT}`;
  if (err.code === 'EADDRINUSE') return new StartupError(`Port ${config.PORT} is already in use (${where}): another Craftwell or program listens there. Stop it, or start with another port: PORT=${config.PORT + 1} npm start`);
  if (err.code === 'EACCES') return new StartupError(`Not allowed to listen on ${where}. Ports below 1024 need privileges: use PORT=3000 (or put a proxy in front).`);
  if (err.code === 'EADDRNOTAVAIL') return new StartupError(`HOST ${config.HOST} is not an address of this machine. Use HOST=0.0.0.0 or HOST=127.0.0.1.`);
  return err;
}

/** Embedded BullMQ mode: one worker process for all queues, restarted if it dies. */
function spawnWorkers(config: AppConfig, log: ReturnType<typeof createLogger>, env: Record<string, string | undefined>): { ready: Promise<void>; stop: () => Promise<void> } {
  let child: ChildProcess | null = null;
  let stopping = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    // Never block start-up forever: jobs simply wait in the queue until a worker is up.
    const slow = setTimeout(() => {
      log.warn('job worker is slow to start; continuing, jobs will wait in the queue');
      resolve();
    }, 60_000).unref();
    markReady = () => {
      clearTimeout(slow);
      resolve();
    };
  });
  const start = () => {
    child = fork(WORKER_MAIN, ['--queues', 'text,image,pdf', '--concurrency', String(config.WORKER_CONCURRENCY)], {
      execArgv: moduleLoaderArgs(),
      // A fixed glibc mmap threshold keeps the worker's RSS flat over many inferences (see
      // scripts/start.mjs); set here too for an api started without the launcher.
      env: { MALLOC_MMAP_THRESHOLD_: '1048576', ...env },
      stdio: 'inherit',
    });
    // Inference must not starve the api of CPU: the worker runs at a lower priority (nice 10).
    if (child.pid) {
      try {
        os.setPriority(child.pid, WORKER_NICENESS);
      } catch {
        // Not permitted here (some containers): the worker runs at normal priority.
      }
    }
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'worker-ready') markReady();
    });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      log.error({ code, signal }, 'job worker exited; restarting in 1 s');
      setTimeout(start, 1000).unref();
    });
  };
  start();
  const stop = async () => {
    stopping = true;
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGTERM');
    const timer = setTimeout(() => c.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  return { ready, stop };
}
