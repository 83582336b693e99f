import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageConfig } from '../drivers/s3.js';
import { assertBucketIsPrivate, PublicBucketError } from '../private-bucket-check.js';
import { tryStartS3TestServer, type S3TestServer } from './helpers/s3-test-server.js';

const started = await tryStartS3TestServer();
const server: S3TestServer | null = 'unavailable' in started ? null : started;

/**
 * s3rver answers unsigned requests; Garage (the compose server) refuses every unsigned request
 * on its S3 port. This loopback proxy gives s3rver that behaviour: 403 without Authorization.
 */
async function startSignedOnlyProxy(target: S3TestServer): Promise<{ port: number; close(): Promise<void> }> {
  const proxy = http.createServer((req, res) => {
    if (!req.headers.authorization) {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    const upstream = http.request({ host: target.endPoint, port: target.port, method: req.method, path: req.url, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

function configFor(port: number): S3StorageConfig {
  return {
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: server!.accessKey,
    secretKey: server!.secretKey,
    bucket: `craftwell-private-${randomBytes(4).toString('hex')}`,
    region: 'us-east-1',
    publicUrl: '',
    filesBaseUrl: '',
  };
}

describe.skipIf(!server)('storage init: the bucket must be private', () => {
  afterAll(() => server?.close());

  it('when the server answers unsigned listing requests, then the check refuses and leaves no probe behind', async () => {
    const config = configFor(server!.port);
    const storage = await createS3Storage(config);
    await expect(assertBucketIsPrivate(storage, config)).rejects.toThrow(PublicBucketError);
    await expect(assertBucketIsPrivate(storage, config)).rejects.toThrow(/can be listed without credentials/);
    const left = [];
    for await (const item of storage.list('uploads/')) left.push(item.key);
    expect(left).toEqual([]);
  });

  it('when unsigned requests are refused, as Garage does, then the check passes and removes its probe', async () => {
    const proxy = await startSignedOnlyProxy(server!);
    try {
      const config = configFor(proxy.port);
      const storage = await createS3Storage(config);
      await expect(assertBucketIsPrivate(storage, config)).resolves.toBeUndefined();
      const left = [];
      for await (const item of storage.list('uploads/')) left.push(item.key);
      expect(left).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
