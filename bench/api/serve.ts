/**
 * The server side of the api bench, in its own process so autocannon does not share its event
 * loop: `hello` is a bare Express hello-world, `app` the real server from the environment.
 * Tells the parent its port over IPC, answers `cpu` with the CPU time it has used so far (so the
 * bench can count CPU per request, a figure the machine's other load hardly moves), and stops on
 * SIGTERM.
 */
import http from 'node:http';
import express from 'express';
import { loadConfig } from '@craftwell/core/config/env';
import { startServer } from '@craftwell/api/server';

async function startHello(): Promise<{ port: number; close(): Promise<void> }> {
  const app = express();
  app.get('/', (_req, res) => {
    res.json({ hello: 'world' });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, close: () => new Promise((r) => server.close(() => r())) };
}

const mode = process.argv[2];
const running = mode === 'hello' ? await startHello() : await startServer(loadConfig(process.env));
process.send?.({ type: 'listening', port: running.port });
process.on('message', (message: { type?: string }) => {
  if (message?.type !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ type: 'cpu', micros: user + system });
});
process.once('SIGTERM', () => {
  void running.close().finally(() => process.exit(0));
});
