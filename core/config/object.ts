/**
 * Object-removal configuration, read once from the environment by the worker's start-up code and
 * passed down; engines never read process.env themselves.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const objectEnvSchema = z.object({
  /** auto = Cloudinary if keyed, else ClipDrop if keyed, else the offline engine. */
  OBJECT_ENGINE: z.enum(['auto', 'offline', 'cloudinary', 'clipdrop']).default('auto'),
  /** Lowest detector score accepted for the named object (0-1). */
  OBJECT_DETECT_MIN_SCORE: z.coerce.number().min(0.01).max(0.99).default(0.2),
  CLOUDINARY_URL: optionalText,
  CLOUDINARY_CLOUD_NAME: optionalText,
  CLOUDINARY_API_KEY: optionalText,
  CLOUDINARY_API_SECRET: optionalText,
  CLOUDINARY_API_BASE_URL: z.url().default('https://api.cloudinary.com'),
  CLOUDINARY_DELIVERY_BASE_URL: z.url().default('https://res.cloudinary.com'),
  CLIPDROP_API_KEY: optionalText,
  CLIPDROP_BASE_URL: z.url().default('https://clipdrop-api.co'),
  /** Per-request limit for provider calls, in ms. */
  OBJECT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
  /** Optional LaMa-style ONNX inpainting model; when set, the offline engine fills holes with it. */
  OBJECT_INPAINT_MODEL: optionalText,
  /** Threads of the offline patch fill: 2 = a helper thread takes half its refresh and vote (same pixels), 1 = none. */
  OBJECT_FILL_THREADS: z.coerce.number().int().min(1).max(2).default(2),
});

export interface CloudinaryCredentials {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  apiBaseUrl: string;
  deliveryBaseUrl: string;
}

export interface ClipdropCredentials {
  apiKey: string;
  baseUrl: string;
}

export interface ObjectConfig {
  provider: 'offline' | 'cloudinary' | 'clipdrop';
  minScore: number;
  cloudinary: CloudinaryCredentials | null;
  clipdrop: ClipdropCredentials | null;
  providerTimeoutMs: number;
  /** Absolute path of the inpainting model, or null for the classical fill. */
  inpaintModelPath: string | null;
  /** 1 or 2: whether the classical fill uses a helper thread. */
  fillThreads: number;
}

/** cloudinary://<api_key>:<api_secret>@<cloud_name> */
function parseCloudinaryUrl(url: string): { cloudName: string; apiKey: string; apiSecret: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>');
  }
  if (parsed.protocol !== 'cloudinary:' || !parsed.username || !parsed.password || !parsed.hostname) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://<api_key>:<api_secret>@<cloud_name>');
  }
  return {
    cloudName: decodeURIComponent(parsed.hostname),
    apiKey: decodeURIComponent(parsed.username),
    apiSecret: decodeURIComponent(parsed.password),
  };
}

/** The model file must be there at start-up, not discovered missing on the first job. */
function checkInpaintModel(value: string): string {
  const resolved = path.resolve(value);
  try {
    accessSync(resolved, constants.R_OK);
    if (!statSync(resolved).isFile()) throw new Error('not a file');
  } catch {
    throw new Error(`OBJECT_INPAINT_MODEL=${value}: no readable file at ${resolved} (get one with: npm run models -- pull lama)`);
  }
  return resolved;
}

/** Validates the variables above; throws a readable error on a bad value (stops start-up). */
export function parseObjectConfig(env: Record<string, string | undefined>): ObjectConfig {
  const e = objectEnvSchema.parse(env);
  let cloudinary: CloudinaryCredentials | null = null;
  const fromUrl = e.CLOUDINARY_URL ? parseCloudinaryUrl(e.CLOUDINARY_URL) : null;
  const cloudName = e.CLOUDINARY_CLOUD_NAME ?? fromUrl?.cloudName;
  const apiKey = e.CLOUDINARY_API_KEY ?? fromUrl?.apiKey;
  const apiSecret = e.CLOUDINARY_API_SECRET ?? fromUrl?.apiSecret;
  if (cloudName && apiKey && apiSecret) {
    cloudinary = {
      cloudName, apiKey, apiSecret,
      apiBaseUrl: e.CLOUDINARY_API_BASE_URL.replace(/\/+$/, ''),
      deliveryBaseUrl: e.CLOUDINARY_DELIVERY_BASE_URL.replace(/\/+$/, ''),
    };
  }
  const clipdrop = e.CLIPDROP_API_KEY
    ? { apiKey: e.CLIPDROP_API_KEY, baseUrl: e.CLIPDROP_BASE_URL.replace(/\/+$/, '') }
    : null;

  let provider: ObjectConfig['provider'];
  if (e.OBJECT_ENGINE === 'auto') {
    provider = cloudinary ? 'cloudinary' : clipdrop ? 'clipdrop' : 'offline';
  } else {
    provider = e.OBJECT_ENGINE;
  }
  if (provider === 'cloudinary' && !cloudinary) {
    throw new Error('OBJECT_ENGINE=cloudinary needs CLOUDINARY_URL (or CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY and CLOUDINARY_API_SECRET)');
  }
  if (provider === 'clipdrop' && !clipdrop) {
    throw new Error('OBJECT_ENGINE=clipdrop needs CLIPDROP_API_KEY');
  }
  return {
    provider, minScore: e.OBJECT_DETECT_MIN_SCORE, cloudinary, clipdrop, providerTimeoutMs: e.OBJECT_PROVIDER_TIMEOUT_MS,
    inpaintModelPath: e.OBJECT_INPAINT_MODEL ? checkInpaintModel(e.OBJECT_INPAINT_MODEL) : null,
    fillThreads: e.OBJECT_FILL_THREADS,
  };
}

/** Whether the configured engine removes any named object (so the vocabulary check is skipped). */
export function removesAnyName(config: ObjectConfig): boolean {
  return config.provider === 'cloudinary';
}
