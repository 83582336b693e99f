import { randomBytes } from 'node:crypto';
import { Client } from 'minio';
import { afterAll, describe, expect, it } from 'vitest';
import { runStorageConformance } from '../conformance/storage-conformance.js';
import { createS3Storage, type S3StorageConfig } from '../drivers/s3.js';
import { newObjectKey } from '../keys.js';
import { tryStartS3TestServer, type S3TestServer } from './helpers/s3-test-server.js';

const started = await tryStartS3TestServer();
const server: S3TestServer | null = 'unavailable' in started ? null : started;

function configFor(s3: S3TestServer, overrides: Partial<S3StorageConfig> = {}): S3StorageConfig {
  return {
    endPoint: s3.endPoint,
    port: s3.port,
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    bucket: `craftwell-test-${randomBytes(4).toString('hex')}`,
    region: 'us-east-1',
    publicUrl: '',
    filesBaseUrl: '',
    ...overrides,
  };
}

describe.skipIf(!server)('S3 driver against s3rver', () => {
  runStorageConformance('s3 (s3rver)', async () => ({
    storage: await createS3Storage(configFor(server!)),
  }));
  afterAll(() => server?.close());

  it('when the bucket is missing, then it is created, and a second driver reuses it', async () => {
    const config = configFor(server!);
    const notices: string[] = [];
    const client = new Client({ ...config });
    expect(await client.bucketExists(config.bucket)).toBe(false);
    const storage = await createS3Storage(config, { log: (message) => notices.push(message) });
    expect(await client.bucketExists(config.bucket)).toBe(true);
    // s3rver has no bucket policies: the driver says so and keeps working.
    expect(notices.join('\n')).toMatch(/public-read policy/);
    await expect(createS3Storage(config)).resolves.toBeDefined();
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('when S3_PUBLIC_URL is set, then public URLs point there and round-trip', async () => {
    const storage = await createS3Storage(configFor(server!, { publicUrl: 'https://media.example.com/craftwell/' }));
    const key = newObjectKey('results', 'png');
    expect(storage.publicUrl(key)).toBe(`https://media.example.com/craftwell/${key}`);
    expect(storage.keyFromUrl(`https://media.example.com/craftwell/${key}`)).toBe(key);
    expect(storage.keyFromUrl(`/files/${key}`)).toBeNull();
  });
});
