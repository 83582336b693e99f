/**
 * Every error reply is `{success: false, message, code}` with the code's status (and Retry-After
 * for the codes that pass by themselves): per code, for the api's own errors and for a job's
 * failure carried through the queue; for the libraries' errors; and no file of the api writes
 * an error reply except through the one writer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CraftwellError, ERROR_CODES, ERRORS, type ErrorCode } from '@craftwell/contracts/errors';
import { decodeFailure, encodeFailure } from '@craftwell/queue/attempt';
import { JobFailedError, JobLostError, JobTimeoutError, QueueUnavailableError } from '@craftwell/queue/types';
import { createLogger } from '@craftwell/core/logger';
import { errorHandler, notFoundApi, sendError } from '../error-handler.js';

let thrown: unknown;
let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  const throwIt: RequestHandler = () => { throw thrown; };
  app.get('/throw', throwIt);
  app.post('/json', express.json(), (_req, res) => { res.json({ success: true }); });
  app.get('/refuse/:code', (req, res) => sendError(res, req.params.code as ErrorCode));
  app.use(notFoundApi);
  app.use(errorHandler(createLogger('silent', 'test')));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close?.();
});

async function replyTo(error: unknown) {
  thrown = error;
  const res = await fetch(`${base}/throw`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

function expected(code: ErrorCode, message: string = ERRORS[code].message) {
  const entry: { status: number; retryAfterSeconds?: number } = ERRORS[code];
  return {
    status: entry.status,
    retryAfter: entry.retryAfterSeconds === undefined ? null : String(entry.retryAfterSeconds),
    body: { success: false, message, code },
  };
}

describe('error replies, per code', () => {
  it.each(ERROR_CODES)('when the api throws %s, then the reply is {success:false, message, code} with its status', async (code) => {
    expect(await replyTo(new CraftwellError(code))).toEqual(expected(code));
  });

  it.each(ERROR_CODES)('when a job fails with %s, then the queue carries the code and the reply keeps it', async (code) => {
    const stored = encodeFailure({ code, message: `Job said: ${code}.` });
    expect(await replyTo(new JobFailedError(decodeFailure(stored)))).toEqual(expected(code, `Job said: ${code}.`));
  });

  it.each(ERROR_CODES)('when a middleware refuses with %s through sendError, then the reply has the same shape', async (code) => {
    const res = await fetch(`${base}/refuse/${code}`);
    const want = expected(code);
    expect({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }).toEqual(want);
  });

  it("when the queue's own errors reach the api, then each answers with its code", async () => {
    expect((await replyTo(new QueueUnavailableError())).body.code).toBe('queue_unavailable');
    expect((await replyTo(new JobLostError())).body.code).toBe('job_lost');
    expect((await replyTo(new JobTimeoutError())).body.code).toBe('timeout');
  });
});

describe("error replies for the libraries' errors", () => {
  it('when zod, multer, a broken JSON body, an outage or a bug fail a request, then each has its code', async () => {
    const zodError = (() => { try { z.object({ a: z.string() }).parse({}); } catch (e) { return e; } })();
    expect((await replyTo(zodError)).body).toMatchObject({ success: false, code: 'bad_request' });
    expect(await replyTo(new multer.MulterError('LIMIT_FILE_SIZE'))).toMatchObject({ status: 413, body: { code: 'input_too_large' } });
    expect(await replyTo(new multer.MulterError('LIMIT_UNEXPECTED_FILE'))).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await replyTo(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))
      .toMatchObject({ status: 503, retryAfter: '5', body: { code: 'dependency_unavailable' } });
    expect(await replyTo(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toMatchObject({ status: 507, body: { code: 'storage_full' } });
    expect(await replyTo(new TypeError('x is undefined'))).toEqual(expected('internal'));

    const broken = await fetch(`${base}/json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect({ status: broken.status, body: await broken.json() }).toEqual({ status: 400, body: { success: false, message: 'The request body is not valid JSON.', code: 'bad_request' } });
    const missing = await fetch(`${base}/no-such-route`);
    expect({ status: missing.status, body: await missing.json() }).toEqual({ status: 404, body: { success: false, message: 'No such API route.', code: 'not_found' } });
  });
});

describe('the one writer of error replies', () => {
  const apiSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const writer = path.join(apiSource, 'middleware', 'error-handler.ts');

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((entry) => {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) return entry === '__tests__' ? [] : sourceFiles(full);
      return full.endsWith('.ts') ? [full] : [];
    });
  }

  /** A reply with an error status or success:false written by hand, not through sendError. */
  const HAND_WRITTEN = /success:\s*false|\.status\(\s*[45]\d\d\s*\)\s*\.(?:json|send)\(|\.sendStatus\(\s*[45]/;

  it('when a file of the api answers an error, then it does so through sendError or by throwing', () => {
    const offenders = sourceFiles(apiSource)
      .filter((file) => file !== writer)
      .filter((file) => readFileSync(file, 'utf8').split('\n').some((line) => HAND_WRITTEN.test(line) && !line.trimStart().startsWith('*') && !line.includes("description: '")));
    expect(offenders.map((file) => path.relative(apiSource, file))).toEqual([]);
  });

  it('when a reply is written by hand, then the scan sees it', () => {
    expect(HAND_WRITTEN.test("res.status(403).json({ message: 'no' });")).toBe(true);
    expect(HAND_WRITTEN.test("res.json({ success: false, message: 'no' });")).toBe(true);
    expect(HAND_WRITTEN.test("sendError(res, 'forbidden', 'no');")).toBe(false);
  });
});
