/**
 * A job worker process: `npm run worker -- --queues text,image,pdf --concurrency N`.
 * Scale each queue on its own by running more of these (docker compose --scale worker-image=3).
 */
import { parseArgs } from 'node:util';
import { QUEUE_NAMES, type QueueName } from '@craftwell/contracts/jobs';
import { createBullmqRunner } from '@craftwell/queue/bullmq';
import { createMetrics } from '@craftwell/core/metrics';
import { heldResources } from '@craftwell/queue/held-resources';
import { startMetricsServer } from './metrics-server.js';
import { ConfigError, loadConfig } from '@craftwell/core/config/env';
import { validateEngineConfig } from '@craftwell/core/config/engines';
import { createLogger } from '@craftwell/core/logger';
import { PROCESSOR_URL } from '@craftwell/core/runtime-paths';

/**
 * On SIGTERM, active jobs get this long to finish; then they are handed back to the queue (by
 * this event loop, not after their threads stop) for another worker to run, and their threads are
 * ended. Exit follows within SHUTDOWN_LIMIT_MS.
 */
const SHUTDOWN_GRACE_MS = 5_000;
/** After the grace period, an aborted job gets this long to stop before its thread is ended. */
const ABORT_GRACE_MS = 2_000;
const SHUTDOWN_LIMIT_MS = 10_000;

function parseQueues(value: string): QueueName[] {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = names.filter((n) => !(QUEUE_NAMES as readonly string[]).includes(n));
  if (bad.length || names.length === 0) {
    throw new ConfigError(`--queues must list some of ${QUEUE_NAMES.join(', ')} (got "${value}")`);
  }
  return names as QueueName[];
}

async function main() {
  const { values } = parseArgs({
    options: {
      queues: { type: 'string', default: QUEUE_NAMES.join(',') },
      concurrency: { type: 'string' },
    },
  });
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, 'worker');
  if (!config.REDIS_URL) throw new ConfigError('REDIS_URL must be set for a separate worker process');
  if (!config.DATABASE_URL) throw new ConfigError('DATABASE_URL must be set for a separate worker process');
  // A worker started apart from the api (compose, a cluster) checks the engines' variables too, so
  // a bad one stops it here rather than failing its first job.
  validateEngineConfig(config.rawEnv);
  const queues = parseQueues(values.queues!);
  const concurrency = values.concurrency ? Number(values.concurrency) : config.WORKER_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new ConfigError('--concurrency must be a whole number from 1 to 64');
  }
  const metrics = config.METRICS_TOKEN ? createMetrics({ process: 'worker', held: heldResources }) : undefined;
  if (metrics) startMetricsServer(metrics, { port: config.METRICS_PORT, token: config.METRICS_TOKEN!, warn: (m) => log.warn(m) });
  const runner = createBullmqRunner({
    onAttempt: metrics?.recordAttempt,
    queues, concurrency, processorUrl: PROCESSOR_URL, redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX,
    lockDurationMs: config.QUEUE_LOCK_MS, stalledIntervalMs: config.QUEUE_STALLED_CHECK_MS, abortGraceMs: ABORT_GRACE_MS,
    log: (message, error) => (error ? log.error({ err: error }, message) : log.info(message)),
  });
  await runner.start();
  log.info({ queues, concurrency }, 'worker started');
  // Tell a parent launcher (embedded mode) that jobs can run now.
  process.send?.({ type: 'worker-ready' });
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: finishing active jobs, taking no new ones`);
    // If Redis is already gone, closing can hang: never outlive the limit (jobs run on threads,
    // so this timer fires even during inference).
    setTimeout(() => {
      log.error(`still closing after ${SHUTDOWN_LIMIT_MS - 500} ms (Redis unreachable?): exiting now`);
      process.kill(process.pid, 'SIGKILL');
    }, SHUTDOWN_LIMIT_MS - 500).unref();
    await runner.close(SHUTDOWN_GRACE_MS).catch((err) => log.error({ err }, 'worker close failed'));
    exitNow(0);
  };
  /**
   * process.exit joins every worker thread, and a thread busy in native code (inference) joins
   * only when that call returns: with its jobs already handed back, such a process is killed
   * instead, so the exit bound holds whatever the job is doing.
   */
  const exitNow = (code: number) => {
    if (!runner.threadsBusy()) process.exit(code);
    log.warn('a job thread is still busy in native code; its job was handed back: exiting without waiting for it');
    process.kill(process.pid, 'SIGKILL');
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // Started by the embedded launcher: never outlive it.
  if (process.send) process.on('disconnect', () => void stop('launcher exited'));
}

main().catch((err) => {
  console.error('Worker failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
