/** One route under load with autocannon: req/s, p50 and p99, and whether every reply was 2xx. */
import autocannon from 'autocannon';

export interface RouteTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface RouteResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** A bench over failing replies measures nothing: any non-2xx, error or timeout fails it. */
  failed: boolean;
  /** The server's CPU time per request (µs), when the server process was given. */
  cpuPerRequest?: number;
}

/** A server process that reports its CPU time (bench/api/harness.ts). */
export interface CpuReporter { cpuMicros(): Promise<number> }

export const BENCH_CONNECTIONS = 32;

/** Seconds per route: short by default so a run on a shared machine stays short. */
export function secondsPerRoute(): number {
  const seconds = Number(process.env.BENCH_API_SECONDS ?? 5);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 5;
}

export async function measureRoute(
  target: RouteTarget, options: { connections?: number; seconds?: number; server?: CpuReporter } = {},
): Promise<RouteResult> {
  const cpuBefore = await options.server?.cpuMicros();
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections: options.connections ?? BENCH_CONNECTIONS,
    duration: options.seconds ?? secondsPerRoute(),
  });
  const errors = result.errors + result.timeouts;
  const cpuAfter = await options.server?.cpuMicros();
  return {
    name: target.name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors,
    failed: result.non2xx > 0 || errors > 0 || result['2xx'] === 0,
    cpuPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total
      ? (cpuAfter - cpuBefore) / result.requests.total : undefined,
  };
}

/**
 * `baseline` is one result for every row, or one per row (hello-world measured next to that
 * route, so a machine whose other load changes during the run compares like with like).
 * `cpuBaseline` (µs per request, one per row) adds the server's CPU per request and its ratio:
 * hello-world's CPU per request over the route's, the throughput ratio a server alone on its core
 * would reach, which other processes on the machine hardly move.
 */
export function formatResults(results: RouteResult[], baseline: RouteResult | number[], cpuBaseline?: number[]): string {
  const cpuColumns = (r: RouteResult, i: number) => {
    if (!cpuBaseline) return '';
    const cpu = r.cpuPerRequest;
    const base = cpuBaseline[i];
    return `${(cpu === undefined ? '-' : `${Math.round(cpu)} us`).padStart(10)} ${(cpu && base ? (base / cpu).toFixed(2) : '-').padStart(9)}`;
  };
  const rows = results.map((r, i) => {
    const base = Array.isArray(baseline) ? baseline[i] : baseline.reqPerSec;
    const ratio = base ? r.reqPerSec / base : 0;
    const problems = r.failed ? `  FAILED: ${r.non2xx} non-2xx, ${r.errors} errors` : '';
    return `${r.name.padEnd(44)} ${r.reqPerSec.toFixed(0).padStart(8)} ${`${r.p50} ms`.padStart(9)} ${`${r.p99} ms`.padStart(9)} ${ratio.toFixed(2).padStart(7)}${cpuColumns(r, i)}${problems}`;
  });
  const cpuHeader = cpuBaseline ? ` ${'CPU/req'.padStart(10)} ${'CPU ratio'.padStart(9)}` : '';
  return [`${'route'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'ratio'.padStart(7)}${cpuHeader}`, ...rows].join('\n');
}
