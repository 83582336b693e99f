/**
 * `npm start` ends here (after install and build): start everything, stop cleanly on a signal.
 * `npm run api` passes --api-only: HTTP only, jobs go to BullMQ for separate workers (npm run
 * worker), so the process loads no engine and starts fast.
 */
import { ConfigError, loadConfig } from '@craftwell/core/config/env';
import { StartupError } from '@craftwell/core/db/data-dir';
import { startServer } from './server.js';

// Whatever else fails, the last line printed says what happened and what to do.
process.on('uncaughtException', (err) => {
  console.error(err);
  console.error(`\nCraftwell stopped on an unexpected error: ${err.message}. The details are above; please report them if it happens again.`);
  process.exit(1);
});

async function main() {
  let config;
  try {
    config = loadConfig();
    if (process.argv.includes('--api-only')) config = { ...config, RUN_WORKERS: false, QUEUE_MODE: 'bullmq' as const };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(config);
  console.log(`\n  Craftwell is running at ${config.PUBLIC_URL ?? server.url}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down...`);
    const force = setTimeout(() => process.exit(1), 60_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by scripts/start.mjs: never outlive the launcher.
  if (process.send) process.on('disconnect', () => void stop('launcher exited'));
}

main().catch((err) => {
  if (!(err instanceof StartupError)) console.error(err);
  console.error(`\nCraftwell failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
