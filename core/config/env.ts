/**
 * The one place that reads process.env. Validated once at start-up: a bad value stops the process
 * with a message that names the variable. Capability engines get their slice of this object.
 */
import path from 'node:path';
import { z } from 'zod';
import { TOOL_NAMES, type ToolName } from '@craftwell/contracts/jobs';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** A quota: a whole number of uses per month, or "unlimited". */
const quota = z
  .string()
  .regex(/^(\d+|unlimited)$/, 'must be a whole number or "unlimited"')
  .transform((v) => (v === 'unlimited' ? null : Number(v)));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the browser reaches the app; used for auth origins and absolute links. */
  PUBLIC_URL: z.string().url().optional(),
  /** Other names the server is reached by (comma-separated), besides localhost and PUBLIC_URL's host. */
  ALLOWED_HOSTS: z.string().optional(),
  DATA_DIR: z.string().default('./.data'),
  /** Below this much free space (MB) where stored objects are written, /readyz says storage is low (degraded). */
  STORAGE_MIN_FREE_MB: int(0, 10_000_000).default(500),
  /** Started as root from a folder the database user cannot enter: where the embedded Postgres lives. */
  EMBEDDED_PG_FALLBACK_DIR: z.string().default('/var/lib/craftwell'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** auto: BullMQ when REDIS_URL is set, else the in-process adapter. */
  QUEUE_MODE: z.enum(['auto', 'bullmq', 'in-process']).default('auto'),
  QUEUE_PREFIX: z.string().regex(/^[a-zA-Z0-9:_-]+$/).default('craftwell'),
  /** How long an /api/ai request waits for its job before cancelling it. */
  JOB_WAIT_TIMEOUT_MS: int(1000, 3_600_000).default(300_000),
  /** Threads of the in-process adapter (embedded mode without Redis). */
  IN_PROCESS_THREADS: int(1, 64).default(2),
  /** Run job workers inside the api process (embedded mode); false when workers run apart. */
  RUN_WORKERS: bool.prefault('true'),
  WORKER_CONCURRENCY: int(1, 64).default(1),
  /** Model sessions and PDF readers a worker loaded are let go after this long unused; 0 keeps them. */
  ENGINE_IDLE_SECONDS: int(0, 86_400).default(120),
  /** A worker that dies holds its job at most this long before another worker retries it. */
  QUEUE_LOCK_MS: int(1000, 600_000).default(30_000),
  /** How often workers look for jobs whose worker died. */
  QUEUE_STALLED_CHECK_MS: int(500, 600_000).default(15_000),
  /** How often the api gives back quota held by failed or lost jobs (api/src/jobs/reservation-sweep.ts). */
  RESERVATION_SWEEP_MS: int(1000, 3_600_000).default(30_000),

  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CLERK_SECRET_KEY: z.string().optional(),
  CLERK_PUBLISHABLE_KEY: z.string().optional(),
  CLERK_JWT_KEY: z.string().optional(),
  /** Comma-separated origins allowed as the token's azp claim (Clerk); PUBLIC_URL's origin when unset. */
  CLERK_AUTHORIZED_PARTIES: z.string().optional(),
  /** Who may create a local account: anyone, holders of an administrator's invite link, or no one. */
  SIGNUP_MODE: z.enum(['open', 'invite', 'closed']).default('open'),
  /** Comma-separated e-mail domains sign-up accepts (e.g. example.com); unset = any domain. */
  SIGNUP_EMAIL_DOMAINS: z.string().optional(),

  QUOTA_FREE: quota.prefault('10'),
  QUOTA_PREMIUM: quota.prefault('unlimited'),
  /** Article outlines and object detections allowed per use of their tool's quota (core/repositories/quota.ts). */
  QUOTA_LIGHT_USES_PER_USE: int(1, 1000).default(10),
  /** Jobs one user may have queued or running at once; more are answered 429 and cost nothing. */
  MAX_CONCURRENT_JOBS_PER_USER: int(1, 1000).default(3),
  PREMIUM_PRICE_USD: z.coerce.number().min(0).default(16),

  RATE_LIMIT_PER_MINUTE: int(1, 100_000).default(120),
  AI_RATE_LIMIT_PER_MINUTE: int(1, 100_000).default(20),
  SIGN_IN_RATE_LIMIT_PER_MINUTE: int(1, 10_000).default(10),
  JOB_POLL_RATE_LIMIT_PER_MINUTE: int(1, 100_000).default(600),
  TRUST_PROXY: z.string().default('loopback'),
  /** Turns on GET /metrics (api) and the workers' metrics port; scrapers send it as a bearer token. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Port of a worker process's /metrics (only with METRICS_TOKEN). */
  METRICS_PORT: int(1, 65535).default(9464),
  /**
   * Where catalogue models (LaMa, MI-GAN, the GGUF text models) are fetched from when the
   * machine cannot reach Hugging Face: a mirror serving the same paths. Checksums still apply.
   */
  MODEL_MIRROR_URL: z.string().url().optional(),
  /** Registers the pipeline's test job at /api/ai/test-echo (tests and benchmarks only). */
  ENABLE_TEST_JOBS: bool.prefault('false'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Env {
  dataDir: string;
  quotas: Record<'free' | 'premium', Record<ToolName, number | null>>;
  authMode: 'local' | 'clerk';
  /** The raw env, for capability parsers that own their variables (engines, storage). */
  rawEnv: Record<string, string | undefined>;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** MODEL_MIRROR_URL alone, for the models command. */
export function loadModelMirror(env: Record<string, string | undefined> = process.env): string | undefined {
  return envSchema.shape.MODEL_MIRROR_URL.parse(env.MODEL_MIRROR_URL);
}

/** DATA_DIR alone, for commands that need nothing else (npm run models). */
export function loadDataDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(envSchema.shape.DATA_DIR.parse(env.DATA_DIR));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.CLERK_SECRET_KEY) !== Boolean(e.CLERK_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  CLERK_SECRET_KEY and CLERK_PUBLISHABLE_KEY must be set together (or neither, for local accounts)',
    );
  }
  // A Clerk token minted for another site (its azp) must not be accepted here.
  const clerkParties = e.CLERK_AUTHORIZED_PARTIES?.trim() || (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : '');
  if (e.CLERK_SECRET_KEY && !clerkParties) {
    throw new ConfigError(
      'Invalid configuration:\n  CLERK_AUTHORIZED_PARTIES: set it to the origin(s) your users open (e.g. https://craftwell.example.com), or set PUBLIC_URL, when signing in with Clerk',
    );
  }
  const perTool = (n: number | null) =>
    Object.fromEntries(TOOL_NAMES.map((t) => [t, n])) as Record<ToolName, number | null>;
  return {
    ...e,
    ...(e.CLERK_SECRET_KEY ? { CLERK_AUTHORIZED_PARTIES: clerkParties } : {}),
    dataDir: path.resolve(e.DATA_DIR),
    quotas: { free: perTool(e.QUOTA_FREE), premium: perTool(e.QUOTA_PREMIUM) },
    authMode: e.CLERK_SECRET_KEY ? 'clerk' : 'local',
    rawEnv: env,
  };
}
