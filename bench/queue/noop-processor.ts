/** Processor for the queue benchmark: returns at once, so only the queue's own cost is measured. */
import type { Processor } from '@craftwell/queue/types';

export default async function createNoopProcessor(): Promise<Processor> {
  return async (job) => ({ creationId: job.id, content: '', engine: { id: 'noop', label: 'No-op (benchmark)', offline: true } });
}
