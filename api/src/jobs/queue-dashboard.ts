/**
 * Bull Board at /admin/queues (BullMQ mode; the app mounts it behind an administrator check).
 * Built on its first request: its packages and Redis connection cost start-up time and memory
 * that most servers, where no administrator opens it, would pay for nothing.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import { QUEUE_NAMES } from '@craftwell/contracts/jobs';
import { SILENT_CONNECTION_LOG, watchConnection, type ConnectionLog } from '@craftwell/queue/connection-state';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

interface Options { redisUrl: string; prefix: string; connectionLog?: ConnectionLog }

async function buildQueueDashboard(options: Options): Promise<{ router: Router; close(): Promise<void> }> {
  const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }, { Queue }, { Redis }] = await Promise.all([
    import('@bull-board/api'), import('@bull-board/api/bullMQAdapter'), import('@bull-board/express'), import('bullmq'), import('ioredis'),
  ]);
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  // Its queues re-emit the connection's errors: without a listener each attempt printed a stack.
  const watch = watchConnection('queue dashboard', connection, options.connectionLog ?? SILENT_CONNECTION_LOG);
  const queues = QUEUE_NAMES.map((name) => new Queue(name, { connection, prefix: options.prefix }));
  queues.forEach(watch);
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    // @bull-board/express nests its own copy of @bull-board/api; the adapter is the same at runtime.
    serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    options: { uiConfig: { boardTitle: 'Craftwell queues' } },
  });
  return {
    router: serverAdapter.getRouter() as Router,
    async close() {
      await Promise.all(queues.map((q) => q.close()));
      connection.disconnect();
    },
  };
}

export function createQueueDashboard(options: Options): { router: (req: Request, res: Response, next: NextFunction) => void; close(): Promise<void> } {
  let built: ReturnType<typeof buildQueueDashboard> | null = null;
  return {
    router(req, res, next) {
      built ??= buildQueueDashboard(options);
      built.then((dashboard) => dashboard.router(req, res, next), next);
    },
    async close() {
      if (built) await (await built.catch(() => null))?.close();
    },
  };
}
