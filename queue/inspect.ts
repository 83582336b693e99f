/**
 * What an operator sees of the queue: jobs waiting, active and failed per queue, and the latest
 * failures with their status codes and messages. BullMQ answers from Redis (every worker's jobs);
 * the in-process adapter answers from its own memory (this process only, recent jobs only).
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAMES, type QueueName } from '@craftwell/contracts/jobs';
import type { ErrorCode } from '@craftwell/contracts/errors';
import { decodeFailure, failureStatus } from './attempt.js';
import { SILENT_CONNECTION_LOG, watchConnection, type ConnectionLog } from './connection-state.js';

export interface QueueCounts {
  queue: QueueName;
  waiting: number;
  active: number;
  failed: number;
  delayed: number;
  completed: number;
}

export interface FailedJob {
  id: string;
  queue: QueueName;
  name: string;
  /** The failure's code (contracts/errors.ts) and the status the api answered with. */
  code: ErrorCode;
  status: number;
  message: string;
  failedAt: string | null;
  attemptsMade: number;
}

export interface QueueOverview {
  kind: 'bullmq' | 'in-process';
  queues: QueueCounts[];
  failed: FailedJob[];
}

export interface QueueInspector {
  overview(failedLimit?: number): Promise<QueueOverview>;
  close(): Promise<void>;
}

export function createBullmqInspector(options: { redisUrl: string; prefix?: string; connectionLog?: ConnectionLog }): QueueInspector {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  const watch = watchConnection('admin queue inspector', connection, options.connectionLog ?? SILENT_CONNECTION_LOG);
  const queues = QUEUE_NAMES.map((name) => new Queue(name, { connection, prefix: options.prefix ?? 'craftwell' }));
  queues.forEach(watch);
  return {
    async overview(failedLimit = 20) {
      const counts = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'failed', 'delayed', 'completed', 'prioritized', 'waiting-children')));
      const failedLists = await Promise.all(queues.map((q) => q.getJobs(['failed'], 0, failedLimit - 1)));
      const failed = failedLists
        .flatMap((jobs, i) => jobs.filter(Boolean).map((job): FailedJob => {
          const failure = decodeFailure(job.failedReason);
          return {
            id: job.id ?? '', queue: QUEUE_NAMES[i], name: job.name, code: failure.code, status: failureStatus(failure), message: failure.message,
            failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null, attemptsMade: job.attemptsMade,
          };
        }))
        .sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''))
        .slice(0, failedLimit);
      return {
        kind: 'bullmq',
        queues: counts.map((c, i) => ({
          queue: QUEUE_NAMES[i],
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c['waiting-children'] ?? 0),
          active: c.active ?? 0, failed: c.failed ?? 0, delayed: c.delayed ?? 0, completed: c.completed ?? 0,
        })),
        failed,
      };
    },
    async close() {
      await Promise.allSettled(queues.map((q) => q.close()));
      connection.disconnect();
    },
  };
}
