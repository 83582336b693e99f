import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { redactUrls } from '../redact.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(chunk.toString()); done(); } });
  return { log: createLogger('info', 'test', stream), text: () => lines.join('') };
}

describe('when a secret would be logged', () => {
  it('then the password of a URL in the message or its format arguments is masked', () => {
    const { log, text } = capture();
    log.info('queue: BullMQ on REDIS_URL (redis://:s3cret-redis@10.0.0.5:6379/0)');
    log.info('database at %s', 'postgres://app:pg-pa55@db.internal:5432/craftwell');
    expect(text()).not.toContain('s3cret-redis');
    expect(text()).not.toContain('pg-pa55');
    expect(text()).toContain('redis://:***@10.0.0.5:6379/0');
    expect(text()).toContain('postgres://app:***@db.internal:5432/craftwell');
  });

  it('then errors and objects lose URL passwords and secret-looking values, and keep the rest', () => {
    const { log, text } = capture();
    const err = Object.assign(new Error('connect failed: amqp://bob:err-pass@mq:5672'), { code: 'ECONNREFUSED' });
    log.error({ err, config: { S3_SECRET_KEY: 'minio-secret-9', S3_ACCESS_KEY: 'AKIA123', S3_BUCKET: 'craftwell' }, apiKey: 'sk-live-1' }, 'boom');
    const out = text();
    for (const secret of ['err-pass', 'minio-secret-9', 'AKIA123', 'sk-live-1']) expect(out).not.toContain(secret);
    const line = JSON.parse(out);
    expect(line.err.message).toBe('connect failed: amqp://bob:***@mq:5672');
    expect(line.err.code).toBe('ECONNREFUSED');
    expect(line.err.stack).toContain('logger-redaction.test.ts');
    expect(line.config.S3_BUCKET).toBe('craftwell');
    expect(line.msg).toBe('boom');
  });

  it('then a URL without a password is left as it is', () => {
    expect(redactUrls('see http://localhost:3000/x and redis://127.0.0.1:6379')).toBe('see http://localhost:3000/x and redis://127.0.0.1:6379');
    expect(redactUrls('https://user@example.com/')).toBe('https://user@example.com/');
  });
});
