import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@craftwell/core/logger';
import { requestId } from '../request-id.js';

/** Runs the middleware; `inside` runs as the next handler, where the request's context holds. */
function handle(headers: Record<string, string>, inside: () => void = () => undefined): string | undefined {
  const req = { headers } as unknown as Request;
  let header: string | undefined;
  const res = { setHeader: (_name: string, value: string) => { header = value; } } as unknown as Response;
  let nextCalls = 0;
  requestId(req, res, (() => { nextCalls += 1; inside(); }) as NextFunction);
  expect(nextCalls).toBe(1);
  return header;
}

describe('request id', () => {
  it('when a request comes in, then it gets an id, echoed in X-Request-Id and on every line logged while it is handled', async () => {
    const lines: string[] = [];
    const log = createLogger('info', 'api', { write: (line: string) => { lines.push(line); } });
    let later: Promise<void> = Promise.resolve();
    const header = handle({}, () => {
      log.warn('during the request');
      later = new Promise((resolve) => setTimeout(() => { log.warn('after an await'); resolve(); }, 5));
    });
    await later;
    log.info('not about a request');
    expect(header).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((line) => JSON.parse(line).requestId)).toEqual([header, header, undefined]);
  });

  it('when the caller sends a sane X-Request-Id, then it is kept; an odd one is replaced', () => {
    expect(handle({ 'x-request-id': 'trace-7f3a' })).toBe('trace-7f3a');
    expect(handle({ 'x-request-id': 'a b\nc' })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
