/**
 * Prometheus metrics of one process (api or worker), on a registry of its own. Off unless
 * METRICS_TOKEN is set; then GET /metrics answers a scraper that sends it as a bearer token.
 */
import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';

export interface AttemptReport {
  name: string;
  queue: string;
  /** completed; failed (for good); retried (another attempt follows); requeued (handed back at shutdown) */
  outcome: 'completed' | 'failed' | 'retried' | 'requeued';
  durationMs: number;
  /** The status a failure answers with (422 bad input, 504 timeout...). */
  status?: number;
}

export interface QueueDepth { queue: string; waiting: number; active: number; failed: number; delayed: number }

export function createMetrics(options: {
  process: 'api' | 'worker';
  queueDepth?: () => Promise<QueueDepth[]>;
  /** What this process's job threads hold in memory now (loaded models, PDF readers), by kind. */
  held?: () => Record<string, number>;
}) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ process: options.process });
  client.collectDefaultMetrics({ register: registry, prefix: 'craftwell_' });

  const httpDuration = new client.Histogram({
    name: 'craftwell_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern (ids never appear: /api/creations/:id)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const jobs = new client.Counter({
    name: 'craftwell_jobs_total',
    help: 'Job attempts by tool and outcome (completed, failed, retried, requeued) and failure status',
    labelNames: ['tool', 'queue', 'outcome', 'status'],
    registers: [registry],
  });
  const jobDuration = new client.Histogram({
    name: 'craftwell_job_duration_seconds',
    help: 'Duration of one job attempt by tool and outcome',
    labelNames: ['tool', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320],
    registers: [registry],
  });
  const quotaRefusals = new client.Counter({
    name: 'craftwell_quota_refusals_total',
    help: 'Requests refused because the monthly limit of the plan was reached, by tool',
    labelNames: ['tool'],
    registers: [registry],
  });
  if (options.held) {
    const held = options.held;
    new client.Gauge({
      name: 'craftwell_held_resources',
      help: 'What the job threads hold in memory now (loaded model sessions, PDF reader processes), each let go after ENGINE_IDLE_SECONDS unused',
      labelNames: ['resource'],
      registers: [registry],
      collect() {
        for (const [resource, count] of Object.entries(held())) this.set({ resource }, count);
      },
    });
  }
  if (options.queueDepth) {
    const depth = options.queueDepth;
    new client.Gauge({
      name: 'craftwell_queue_jobs',
      help: 'Jobs in each queue by state, read at scrape time',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await depth().catch(() => [])) {
          for (const state of ['waiting', 'active', 'failed', 'delayed'] as const) this.set({ queue: q.queue, state }, q[state]);
        }
      },
    });
  }

  return {
    registry,
    observeHttp(labels: { method: string; route: string; status: number }, seconds: number) {
      httpDuration.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
    },
    recordAttempt(report: AttemptReport) {
      jobs.inc({ tool: report.name, queue: report.queue, outcome: report.outcome, status: report.status ? String(report.status) : '' });
      jobDuration.observe({ tool: report.name, outcome: report.outcome }, report.durationMs / 1000);
    },
    quotaRefused(tool: string) {
      quotaRefusals.inc({ tool });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The scrape reply: 401 without the token, else the text exposition format. */
export async function metricsReply(metrics: Metrics, token: string, authorization: string | undefined): Promise<{ status: number; contentType: string; body: string }> {
  if (!hasMetricsToken(authorization, token)) return { status: 401, contentType: 'text/plain', body: 'Send the metrics token as a bearer token.\n' };
  return { status: 200, contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
