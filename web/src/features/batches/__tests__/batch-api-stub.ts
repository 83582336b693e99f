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
 * XMLHttpRequest (the uploads that show their progress) answered by the stubbed fetch, so every
 * request is routed and recorded alike. Its upload reports half the body sent before the route
 * is asked (a route holding its reply holds the upload there) and all of it once answered.
 */
class FakeXhr extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private replyHeaders = '';
  private aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getAllResponseHeaders() {
    return this.replyHeaders;
  }

  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  send(body: FormData) {
    const total = 1000;
    const progress = (loaded: number) => this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    progress(total / 2);
    void (async () => {
      const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
      if (this.aborted) return;
      progress(total);
      this.status = response.status;
      this.responseText = await response.text();
      this.replyHeaders = [...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\r\n');
      this.dispatchEvent(new Event('load'));
    })().catch(() => this.dispatchEvent(new Event('error')));
  }
}

/**
 * fetch replaced by `route` (usage and the batch list are answered unless it answers them),
 * every call recorded so a test sees exactly what the screen sent (XMLHttpRequest included).
 */
export function stubFetch(route: Route) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
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
