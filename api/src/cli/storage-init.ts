/**
 * One-shot storage init (docker-compose `storage-init`, Kubernetes Job): waits for the S3 server,
 * creates the bucket when missing, and refuses (exit 1) when the bucket is public. Reads the same
 * S3_* variables as the api and workers.
 */
import { loadConfig } from '@craftwell/core/config/env';
import { parseStorageConfig } from '@craftwell/storage';
import { createS3Storage } from '@craftwell/storage/drivers/s3';
import { assertBucketIsPrivate } from '@craftwell/storage/private-bucket-check';
import type { ObjectStorage } from '@craftwell/storage/object-storage';

const ATTEMPTS = 60;
const RETRY_MS = 2_000;

async function connect(config: Parameters<typeof createS3Storage>[0]): Promise<ObjectStorage> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await createS3Storage(config, { log: (message) => console.log(message) });
    } catch (error) {
      // The server may still be starting (Garage applies its layout on first start).
      if (attempt >= ATTEMPTS) throw error;
      console.log(`storage-init: S3 not ready (${(error as Error).message}); retrying`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

async function main(): Promise<void> {
  const config = parseStorageConfig(loadConfig().rawEnv, { dataDir: '' });
  if (config.driver !== 's3') throw new Error('S3_ENDPOINT is not set: storage-init prepares an S3 bucket only.');
  const storage = await connect(config);
  await assertBucketIsPrivate(storage, config);
  console.log(`storage-init: bucket ${config.bucket} is ready and private.`);
}

main().catch((error: unknown) => {
  console.error(`storage-init: ${(error as Error).message}`);
  process.exit(1);
});
