/** Bull Board at /admin/queues (BullMQ mode; the app mounts it behind an administrator check). */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Router } from 'express';
import { QUEUE_NAMES } from '@craftwell/contracts/jobs';
import { SILENT_CONNECTION_LOG, watchConnection, type ConnectionLog } from '@craftwell/queue/connection-state';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

export function createQueueDashboard(options: { redisUrl: string; prefix: string; connectionLog?: ConnectionLog }): { router: Router; close(): Promise<void> } {
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
