/**
 * Quotas per plan, per tool, per calendar month. A request reserves a use before its job is
 * enqueued (so parallel requests cannot overspend); the worker turns the reservation into a
 * count when the job succeeds, and any failure drops it: quota is spent only on success.
 *
 * Every job that costs compute or money is metered: a tool's own jobs against its quota, and the
 * light steps that prepare one (an article outline, finding the objects in a picture) against a
 * meter of their own, allowed LIGHT_USES_PER_USE times the tool's quota. A reservation is also
 * what marks a job as running, so the same check bounds the jobs a user runs at once.
 */
import type pg from 'pg';
import type { JobName, ToolName } from '@craftwell/contracts/jobs';
import { JOBS, TOOL_NAMES } from '@craftwell/contracts/jobs';
import { withTransaction, type Db } from '../db/pool.js';
import { AppError, LIMIT_REACHED_MESSAGE } from '../errors.js';
import { currentPeriod } from '../period.js';

export type Plan = 'free' | 'premium';

export type Quotas = Record<Plan, Record<ToolName, number | null>>;

/** A light step and the tool whose quota sets its allowance. */
export const LIGHT_METERS = { 'article-outline': 'article', 'detect-objects': 'remove-object' } as const satisfies Partial<Record<JobName, ToolName>>;
export type LightMeter = keyof typeof LIGHT_METERS;
/** What a job's use is counted as: a tool, or a light step. */
export type Meter = ToolName | LightMeter;

/** The meter a job counts against; null for jobs that cost nothing (the pipeline's test job). */
export function meterOf(name: JobName): Meter | null {
  return JOBS[name].quotaTool ?? (name in LIGHT_METERS ? (name as LightMeter) : null);
}

/** Limits beside the per-tool quotas (config: QUOTA_LIGHT_USES_PER_USE, MAX_CONCURRENT_JOBS_PER_USER). */
export interface UseLimits {
  /** Light steps allowed per use of their tool's quota (10: ten outlines per article). */
  lightUsesPerUse: number;
  /** Jobs one user may have queued or running at once, across all tools. */
  concurrentJobs: number;
}

export const DEFAULT_USE_LIMITS: UseLimits = { lightUsesPerUse: 10, concurrentJobs: 3 };

export function tooManyJobsMessage(max: number): string {
  return `You already have ${max} ${max === 1 ? 'job' : 'jobs'} running. Wait for one to finish, then try again.`;
}

/** The monthly limit of a meter for a plan; null is unlimited. */
export function limitOf(quotas: Quotas, limits: UseLimits, plan: Plan, meter: Meter): number | null {
  if (meter in LIGHT_METERS) {
    const parent = quotas[plan][LIGHT_METERS[meter as LightMeter]];
    return parent === null ? null : parent * limits.lightUsesPerUse;
  }
  return quotas[plan][meter as ToolName];
}

/** A reservation older than this belongs to a request that died; it no longer counts. */
const RESERVATION_TTL = '1 hour';

/**
 * Checks the meter's monthly limit (402), then the user's running jobs (429), and reserves a use.
 * `inputKeys`: the job's uploads, deleted by the reservation sweep if the job can no longer finish.
 */
export async function reserveUse(
  db: Db, quotas: Quotas, user: { id: string; plan: Plan }, tool: Meter, jobId: string, inputKeys: string[] = [],
  limits: UseLimits = DEFAULT_USE_LIMITS, options: { background?: boolean } = {},
) {
  const background = options.background === true;
  const limit = limitOf(quotas, limits, user.plan, tool);
  const period = currentPeriod();
  await withTransaction(db, async (client) => {
    // One lock per user: concurrent requests of the same user check and reserve in turn.
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`quota:${user.id}`]);
    const { rows } = await client.query(
      `SELECT coalesce((SELECT used FROM usage_counters WHERE user_id = $1 AND tool = $2 AND period = $3), 0)
            + (SELECT count(*) FROM usage_reservations WHERE user_id = $1 AND tool = $2 AND period = $3
                 AND created_at > now() - interval '${RESERVATION_TTL}') AS taken,
              (SELECT count(*) FROM usage_reservations WHERE user_id = $1 AND NOT background
                 AND created_at > now() - interval '${RESERVATION_TTL}') AS running`,
      [user.id, tool, period],
    );
    if (limit !== null && Number(rows[0].taken) >= limit) throw new AppError(LIMIT_REACHED_MESSAGE, 402, 'quota_exceeded');
    // Batch items queue behind interactive requests and are bounded by their batch: they are not
    // running jobs of the user's, and do not hold the user's own requests back.
    if (!background && Number(rows[0].running) >= limits.concurrentJobs) throw new AppError(tooManyJobsMessage(limits.concurrentJobs), 429, 'rate_limited');
    await client.query(
      'INSERT INTO usage_reservations (job_id, user_id, tool, period, input_keys, background) VALUES ($1, $2, $3, $4, $5, $6)',
      [jobId, user.id, tool, period, inputKeys, background],
    );
  });
}

/** Uses of `tool` left this month (null: no limit), counting the ones reserved by running jobs. */
export async function usesLeft(db: Db, quotas: Quotas, user: { id: string; plan: Plan }, tool: Meter, limits: UseLimits = DEFAULT_USE_LIMITS): Promise<number | null> {
  const limit = limitOf(quotas, limits, user.plan, tool);
  if (limit === null) return null;
  const period = currentPeriod();
  const { rows } = await db.query(
    `SELECT coalesce((SELECT used FROM usage_counters WHERE user_id = $1 AND tool = $2 AND period = $3), 0)
          + (SELECT count(*) FROM usage_reservations WHERE user_id = $1 AND tool = $2 AND period = $3
               AND created_at > now() - interval '${RESERVATION_TTL}') AS taken`,
    [user.id, tool, period],
  );
  return Math.max(0, limit - Number(rows[0].taken));
}

/**
 * Success: inside the transaction that stores the creation. The reservation is the request's
 * claim to a result: once anything gives it up (the request's reply said the job failed or was
 * lost, a poll said so, the sweep released it), saving would contradict a reply already sent, so
 * the transaction is refused (job_lost) and nothing is saved or charged. Whichever comes first
 * decides: the api releases before it checks for a saved creation, the worker commits here.
 */
export async function commitUse(client: pg.PoolClient, jobId: string, userId: string, tool: Meter) {
  const { rows } = await client.query('DELETE FROM usage_reservations WHERE job_id = $1 RETURNING period', [jobId]);
  if (!rows[0]) {
    throw new AppError('This request was given up before its result could be saved, so nothing was saved or charged. Please try again.', 503, 'job_lost');
  }
  const period = rows[0].period;
  await client.query(
    `INSERT INTO usage_counters (user_id, tool, period, used) VALUES ($1, $2, $3, 1)
     ON CONFLICT (user_id, tool, period) DO UPDATE SET used = usage_counters.used + 1`,
    [userId, tool, period],
  );
}

/**
 * Success of a job that saves no creation (an outline, a detection): counted once, when its
 * reservation is turned in (a rerun of a finished job finds none and counts nothing).
 */
export async function commitUnsavedUse(db: Db, jobId: string, userId: string, tool: Meter) {
  await withTransaction(db, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM usage_reservations WHERE job_id = $1 FOR UPDATE', [jobId]);
    if (rowCount) await commitUse(client, jobId, userId, tool);
  });
}

/** Failure, cancellation or timeout: the use is given back. */
export async function releaseUse(db: Db, jobId: string) {
  await db.query('DELETE FROM usage_reservations WHERE job_id = $1', [jobId]);
}

/** The same, for a request of this user's only (a poll names the job). True when one was held. */
export async function releaseOwnUse(db: Db, jobId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM usage_reservations WHERE job_id = $1 AND user_id = $2', [jobId, userId]);
  return Boolean(rowCount);
}

export async function usageOf(db: Db, quotas: Quotas, user: { id: string; plan: Plan }) {
  const period = currentPeriod();
  const [counted, held] = await Promise.all([
    db.query('SELECT tool, used FROM usage_counters WHERE user_id = $1 AND period = $2', [user.id, period]),
    db.query(
      `SELECT tool, count(*) AS reserved FROM usage_reservations
        WHERE user_id = $1 AND period = $2 AND created_at > now() - interval '${RESERVATION_TTL}' GROUP BY tool`,
      [user.id, period],
    ),
  ]);
  const used = new Map(counted.rows.map((r) => [r.tool as string, Number(r.used)]));
  // Uses held by jobs still running (or not yet released): they count against the limit too.
  const reserved = new Map(held.rows.map((r) => [r.tool as string, Number(r.reserved)]));
  const tools = Object.fromEntries(
    TOOL_NAMES.map((t) => [t, { used: used.get(t) ?? 0, reserved: reserved.get(t) ?? 0, limit: quotas[user.plan][t] }]),
  );
  return { plan: user.plan, period, tools };
}

/** Reservations older than minAgeMs (and still counting): candidates for the reservation sweep. */
export async function listAgedReservations(db: Db, minAgeMs: number, limit = 500): Promise<Array<{ jobId: string; tool: ToolName; inputKeys: string[] }>> {
  const { rows } = await db.query(
    `SELECT job_id, tool, input_keys FROM usage_reservations
      WHERE created_at < now() - make_interval(secs => $1::double precision / 1000)
        AND created_at > now() - interval '${RESERVATION_TTL}'
      ORDER BY created_at LIMIT $2`,
    [minAgeMs, limit],
  );
  return rows.map((r) => ({ jobId: r.job_id as string, tool: r.tool as ToolName, inputKeys: (r.input_keys ?? []) as string[] }));
}
