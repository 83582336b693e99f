import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@craftwell/core/logger';
import { requestId, requestLog } from '../request-id.js';

function handle(headers: Record<string, string>): { req: Request; header: string | undefined } {
  const req = { headers } as unknown as Request;
  let header: string | undefined;
  const res = { setHeader: (_name: string, value: string) => { header = value; } } as unknown as Response;
  let nextCalls = 0;
  requestId(req, res, (() => { nextCalls += 1; }) as NextFunction);
  expect(nextCalls).toBe(1);
  return { req, header };
}

describe('request id', () => {
  it('when a request comes in, then it gets an id, echoed in X-Request-Id and on the lines logged for it', () => {
    const { req, header } = handle({});
    expect(header).toMatch(/^[0-9a-f-]{36}$/);
    expect(req.id).toBe(header);
    const lines: string[] = [];
    const log = createLogger('info', 'api', { write: (line: string) => { lines.push(line); } });
    requestLog(log, req).warn({ key: 'a/b.png' }, 'object left for the orphan sweep');
    log.info('not about a request');
    expect(lines.map((line) => JSON.parse(line).requestId)).toEqual([header, undefined]);
  });

  it('when the caller sends a sane X-Request-Id, then it is kept; an odd one is replaced', () => {
    expect(handle({ 'x-request-id': 'trace-7f3a' }).req.id).toBe('trace-7f3a');
    const odd = handle({ 'x-request-id': 'a b\nc' });
    expect(odd.req.id).not.toBe('a b\nc');
    expect(odd.header).toBe(odd.req.id);
  });
});
