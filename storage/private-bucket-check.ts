/**
 * Deploy-time check that the bucket is private: a request without a signature can neither list
 * the bucket nor read an upload (user inputs such as resumes) from it. The compose init step runs
 * it before any app container starts, so a server opened to the public refuses to go live.
 */
import { newObjectKey } from './keys.js';
import type { S3StorageConfig } from './drivers/s3.js';
import type { ObjectStorage } from './object-storage.js';

export class PublicBucketError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublicBucketError';
  }
}

/** Base URL of the S3 endpoint, path-style (every S3-compatible server accepts it). */
export function s3BaseUrl(config: Pick<S3StorageConfig, 'endPoint' | 'port' | 'useSSL'>): string {
  return `${config.useSSL ? 'https' : 'http'}://${config.endPoint}:${config.port}`;
}

async function anonymousOk(url: string): Promise<boolean> {
  const reply = await fetch(url, { redirect: 'manual' });
  await reply.body?.cancel();
  return reply.ok;
}

/**
 * Writes a probe upload, asks for the bucket listing and for the probe without credentials, and
 * removes the probe. Throws PublicBucketError when either anonymous request succeeds.
 */
export async function assertBucketIsPrivate(storage: ObjectStorage, config: S3StorageConfig): Promise<void> {
  const bucketUrl = `${s3BaseUrl(config)}/${encodeURIComponent(config.bucket)}`;
  const probeKey = newObjectKey('uploads', 'txt');
  await storage.put(probeKey, Buffer.from('craftwell storage check'), { contentType: 'text/plain' });
  try {
    if (await anonymousOk(`${bucketUrl}?list-type=2`)) {
      throw new PublicBucketError(`Bucket ${config.bucket} can be listed without credentials: remove its public access before starting Craftwell.`);
    }
    if (await anonymousOk(`${bucketUrl}/${probeKey}`)) {
      throw new PublicBucketError(`Uploads in bucket ${config.bucket} can be read without credentials: remove its public access before starting Craftwell.`);
    }
  } finally {
    await storage.delete(probeKey);
  }
}
