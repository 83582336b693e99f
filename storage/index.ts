/**
 * Storage entry point: parses the storage part of the environment once and builds the driver.
 * Local disk by default; S3/MinIO as soon as S3_ENDPOINT (or MINIO_ENDPOINT) is set.
 */
import { z } from 'zod';
import { createLocalStorage } from './drivers/local.js';
import type { S3StorageOptions } from './drivers/s3.js';
import type { ObjectStorage } from './object-storage.js';

const baseUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), 'must be empty or an http(s) URL')
  .transform((value) => value.replace(/\/+$/, ''));

export const localStorageConfigSchema = z.object({
  driver: z.literal('local'),
  dataDir: z.string().min(1),
  publicBaseUrl: baseUrl,
});

export const s3StorageConfigSchema = z.object({
  driver: z.literal('s3'),
  endPoint: z.string().min(1),
  port: z.number().int().min(1).max(65_535),
  useSSL: z.boolean(),
  accessKey: z.string().min(1, 'S3_ACCESS_KEY is required when S3_ENDPOINT is set'),
  secretKey: z.string().min(1, 'S3_SECRET_KEY is required when S3_ENDPOINT is set'),
  bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a valid bucket name'),
  region: z.string().min(1),
  publicUrl: baseUrl,
  filesBaseUrl: baseUrl,
});

export const storageConfigSchema = z.discriminatedUnion('driver', [localStorageConfigSchema, s3StorageConfigSchema]);
export type StorageConfig = z.infer<typeof storageConfigSchema>;

type Env = Record<string, string | undefined>;

const S3_SETTINGS = ['ENDPOINT', 'PORT', 'USE_SSL', 'ACCESS_KEY', 'SECRET_KEY', 'BUCKET', 'REGION', 'PUBLIC_URL'] as const;

/** Every variable parseStorageConfig reads (for docs and deployment checks). */
export const STORAGE_ENV_NAMES: readonly string[] = [
  ...S3_SETTINGS.map((name) => `S3_${name}`),
  ...S3_SETTINGS.map((name) => `MINIO_${name}`),
  'FILES_PUBLIC_BASE_URL',
];

/** S3_* wins over its MINIO_* alias; empty strings count as unset. */
function pick(env: Env, name: (typeof S3_SETTINGS)[number]): string | undefined {
  for (const candidate of [`S3_${name}`, `MINIO_${name}`]) {
    const value = env[candidate]?.trim();
    if (value) return value;
  }
  return undefined;
}

function parseBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`Expected a boolean, got ${JSON.stringify(value)}`);
}

/**
 * Reads S3_ENDPOINT, S3_PORT, S3_USE_SSL, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION,
 * S3_PUBLIC_URL (each also as MINIO_*) and FILES_PUBLIC_BASE_URL. S3_ENDPOINT may be a bare host
 * (`minio`) or a URL (`http://minio:9000`), whose scheme and port then give the defaults.
 */
export function parseStorageConfig(env: Env, defaults: { dataDir: string }): StorageConfig {
  const filesBaseUrl = env.FILES_PUBLIC_BASE_URL?.trim() ?? '';
  const endpoint = pick(env, 'ENDPOINT');
  if (!endpoint) {
    return localStorageConfigSchema.parse({ driver: 'local', dataDir: defaults.dataDir, publicBaseUrl: filesBaseUrl });
  }
  let host = endpoint;
  let urlSsl: boolean | undefined;
  let urlPort: number | undefined;
  if (endpoint.includes('://')) {
    const url = new URL(endpoint);
    host = url.hostname;
    urlSsl = url.protocol === 'https:';
    urlPort = url.port ? Number(url.port) : undefined;
  }
  const useSSL = parseBool(pick(env, 'USE_SSL'), urlSsl ?? false);
  const portText = pick(env, 'PORT');
  const port = portText !== undefined ? Number(portText) : (urlPort ?? (useSSL ? 443 : 9000));
  return s3StorageConfigSchema.parse({
    driver: 's3',
    endPoint: host,
    port,
    useSSL,
    accessKey: pick(env, 'ACCESS_KEY') ?? '',
    secretKey: pick(env, 'SECRET_KEY') ?? '',
    bucket: pick(env, 'BUCKET') ?? 'craftwell',
    region: pick(env, 'REGION') ?? 'us-east-1',
    publicUrl: pick(env, 'PUBLIC_URL') ?? '',
    filesBaseUrl,
  });
}

/** Builds the configured driver (creating the objects folder or the bucket when missing). */
export async function createObjectStorage(config: StorageConfig, options: S3StorageOptions = {}): Promise<ObjectStorage> {
  if (config.driver === 'local') return createLocalStorage(config);
  // The S3 client (minio and its XML parsers) is loaded only where S3 is used.
  const { createS3Storage } = await import('./drivers/s3.js');
  return createS3Storage(config, options);
}

