/**
 * S3 / MinIO driver through the `minio` client. The bucket is created when missing, with a
 * read-only anonymous policy on `results/*` so direct URLs (S3_PUBLIC_URL) load in an <img>
 * without a token. Servers without bucket policies (Garage, some S3 emulators) still work: the
 * api's /files route streams objects from S3, and that is the default public URL. Requests are
 * path-style (the client uses virtual hosts for AWS hostnames only) and signed for `region`,
 * which Garage checks against its s3_region.
 */
import { Client } from 'minio';
import { Readable } from 'node:stream';
import { ObjectNotFoundError } from '../errors.js';
import { assertValidKey, assertValidListPrefix, isValidKey, urlsUnder } from '../keys.js';
import type { ObjectStorage, PutOptions, StoredObjectInfo } from '../object-storage.js';

export interface S3StorageConfig {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /**
   * Base URL under which the bucket's objects are publicly readable (e.g.
   * `https://cdn.example.com/craftwell`). When empty, public URLs point at the api's
   * `/files/<key>` route, which streams from S3.
   */
  publicUrl: string;
  /** Origin put before `/files/<key>` when publicUrl is empty ('' = same-origin). */
  filesBaseUrl: string;
}

export interface S3StorageOptions {
  /** Receives one-line notices (e.g. the server does not support bucket policies). */
  log?: (message: string) => void;
}

const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);

function isNotFound(error: unknown): boolean {
  return NOT_FOUND_CODES.has((error as { code?: string })?.code ?? '');
}

/** Anonymous read of results/ only: uploads (user inputs such as resumes) stay private. */
export function publicReadPolicy(bucket: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: ['*'] },
        Action: ['s3:GetObject'],
        Resource: [`arn:aws:s3:::${bucket}/results/*`],
      },
    ],
  });
}

export async function createS3Storage(config: S3StorageConfig, options: S3StorageOptions = {}): Promise<ObjectStorage> {
  const log = options.log ?? (() => {});
  const client = new Client({
    endPoint: config.endPoint,
    port: config.port,
    useSSL: config.useSSL,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region,
  });
  const { bucket } = config;
  const urlBase = config.publicUrl
    ? `${config.publicUrl.replace(/\/+$/, '')}/`
    : `${config.filesBaseUrl.replace(/\/+$/, '')}/files/`;

  await ensureBucket(client, config, log);

  async function stat(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    try {
      const info = await client.statObject(bucket, key);
      return {
        key,
        size: info.size,
        contentType: String(info.metaData?.['content-type'] ?? 'application/octet-stream'),
        lastModified: info.lastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function getStream(key: string): Promise<{ stream: Readable; info: StoredObjectInfo }> {
    const info = await stat(key);
    if (!info) throw new ObjectNotFoundError(key);
    try {
      return { stream: await client.getObject(bucket, key), info };
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  return {
    driver: 's3',

    async put(key: string, body: Buffer | Readable, putOptions: PutOptions): Promise<void> {
      assertValidKey(key);
      const meta = { 'Content-Type': putOptions.contentType };
      const prepared = Buffer.isBuffer(body) ? body : await bufferSmallStream(body);
      if (Buffer.isBuffer(prepared)) await client.putObject(bucket, key, prepared, prepared.length, meta);
      else await client.putObject(bucket, key, prepared, undefined, meta);
    },

    getStream,

    async getBuffer(key: string): Promise<Buffer> {
      const { stream } = await getStream(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    stat,

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      await client.removeObject(bucket, key);
    },

    async *list(prefix: string): AsyncIterable<StoredObjectInfo> {
      assertValidListPrefix(prefix);
      const names: string[] = [];
      // Collect names first: a slow consumer (the sweep deletes as it goes) must not hold the
      // listing stream open.
      for await (const item of client.listObjectsV2(bucket, prefix, true)) {
        const name = (item as { name?: string }).name;
        if (name && isValidKey(name)) names.push(name);
      }
      for (const name of names) {
        const info = await stat(name);
        if (info) yield info;
      }
    },

    ...urlsUnder(urlBase),

    async ping(): Promise<void> {
      if (!(await client.bucketExists(bucket))) throw new Error(`Bucket ${bucket} does not exist`);
    },
  };
}

/** Streams up to this size are sent as one PUT; larger ones go through multipart upload. */
const SINGLE_PUT_LIMIT = 32 * 1024 * 1024;

/**
 * Reads a stream into memory when it ends within SINGLE_PUT_LIMIT (one PUT with a known length,
 * which every S3-compatible server supports); otherwise returns a stream that replays what was
 * read and continues with the rest, for the client's multipart upload.
 */
async function bufferSmallStream(body: Readable): Promise<Buffer | Readable> {
  const iterator = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  while (size <= SINGLE_PUT_LIMIT) {
    const next = await iterator.next();
    if (next.done) return Buffer.concat(head, size);
    const chunk = Buffer.from(next.value as Buffer);
    head.push(chunk);
    size += chunk.length;
  }
  return Readable.from(
    (async function* () {
      yield* head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
    })(),
  );
}

async function ensureBucket(client: Client, config: S3StorageConfig, log: (message: string) => void): Promise<void> {
  if (await client.bucketExists(config.bucket)) return;
  try {
    await client.makeBucket(config.bucket, config.region);
  } catch (error) {
    // Another replica may have created it in the meantime.
    const code = (error as { code?: string }).code;
    if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
    return;
  }
  try {
    await client.setBucketPolicy(config.bucket, publicReadPolicy(config.bucket));
  } catch (error) {
    log(
      `storage: could not set the public-read policy on bucket ${config.bucket} ` +
        `(${(error as Error).message}); results are still served through /files.`,
    );
  }
}
