import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@craftwell/core/logger';
import { accessLog, SLOW_REQUEST_MS } from '../access-log.js';

function logged(level: string, requests: Array<{ method: string; url: string; status: number; ms?: number }>): Array<Record<string, unknown>> {
  const lines: string[] = [];
  const log = createLogger(level, 'api', { write: (line: string) => { lines.push(line); } });
  const middleware = accessLog(log, { quiet: ['/healthz'] });
  const realNow = performance.now.bind(performance);
  for (const r of requests) {
    const res = Object.assign(new EventEmitter(), { statusCode: r.status }) as unknown as Response;
    let clock = 1_000;
    performance.now = () => clock;
    middleware({ method: r.method, url: r.url } as Request, res, (() => undefined) as NextFunction);
    clock += r.ms ?? 3;
    res.emit('finish');
    performance.now = realNow;
  }
  return lines.map((line) => JSON.parse(line));
}

describe('access log', () => {
  it('when fast reads succeed at info level, then nothing is written; failures, slow reads and writes are', () => {
    const lines = logged('info', [
      { method: 'GET', url: '/api/user/get-published-creations?cursor=abc', status: 200 },
      { method: 'GET', url: '/healthz', status: 200 },
      { method: 'GET', url: '/api/me', status: 401 },
      { method: 'GET', url: '/api/user/usage', status: 500 },
      { method: 'GET', url: '/api/user/get-user-creations?cursor=secret', status: 200, ms: SLOW_REQUEST_MS + 10 },
      { method: 'POST', url: '/api/user/toggle-like-creation', status: 200 },
    ]);
    expect(lines.map((l) => [l.level, (l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode])).toEqual([
      [30, '/api/me', 401],
      [50, '/api/user/usage', 500],
      [30, '/api/user/get-user-creations', 200],
      [30, '/api/user/toggle-like-creation', 200],
    ]);
    expect(lines[2].responseTime).toBe(SLOW_REQUEST_MS + 10);
  });

  it('when the level is debug, then fast reads are written too (health probes still only when they fail)', () => {
    const lines = logged('debug', [
      { method: 'GET', url: '/api/config', status: 200 },
      { method: 'GET', url: '/healthz', status: 200 },
      { method: 'GET', url: '/healthz', status: 503 },
    ]);
    expect(lines.map((l) => [l.level, (l.req as { url: string }).url])).toEqual([[20, '/api/config'], [50, '/healthz']]);
  });
});
