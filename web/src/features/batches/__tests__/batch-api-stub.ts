import { vi } from 'vitest';
import type { BatchItemState, BatchItemView, BatchTool, BatchView } from '@craftwell/contracts/batches';
import { jsonResponse } from '../../../testing/render.js';

export interface Call {
  method: string;
  url: string;
  init: RequestInit;
}

export type Route = (call: Call) => Response | undefined | Promise<Response | undefined>;

/**
 * fetch replaced by `route` (usage and the batch list are answered unless it answers them),
 * every call recorded so a test sees exactly what the screen sent.
 */
export function stubFetch(route: Route) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, init };
      calls.push(call);
      const reply = await route(call);
      if (reply) return reply;
      if (url === '/api/user/usage') return jsonResponse({ success: true, plan: 'free', period: '2026-11', tools: {} });
      if (url === '/api/batches' && call.method === 'GET') return jsonResponse({ success: true, batches: [] });
      return jsonResponse({ success: false, message: `unexpected ${call.method} ${url}`, code: 'internal' }, 500);
    }),
  );
  return calls;
}

export function counts(partial: Partial<Record<BatchItemState, number>>): Record<BatchItemState, number> {
  return { queued: 0, active: 0, done: 0, failed: 0, cancelled: 0, refused: 0, ...partial };
}

/** A batch view whose counts follow its items. */
export function batchView(id: string, items: Array<Partial<BatchItemView> & { fileName: string; state: BatchItemState }>, extra: Partial<BatchView> = {}, tool: BatchTool = 'remove-background'): BatchView {
  const full = items.map((item, position) => ({ position, ...item }));
  const tally = counts({});
  for (const item of full) tally[item.state] += 1;
  return { id, tool, createdAt: '2026-11-28T17:00:00.000Z', cancelled: false, counts: tally, estimatedSecondsLeft: null, items: full, ...extra };
}

export function image(name: string, bytes = 1024, type = 'image/png'): File {
  return new File([new Uint8Array(Math.min(bytes, 1024))], name, { type });
}

/** A file that says it is `bytes` long without holding them. */
export function bigImage(name: string, bytes: number): File {
  const file = image(name);
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

export function formOf(call: Call): FormData {
  if (!(call.init.body instanceof FormData)) throw new Error(`${call.method} ${call.url} sent no form`);
  return call.init.body;
}

export function headerOf(call: Call, name: string): string | null {
  return new Headers(call.init.headers).get(name);
}
