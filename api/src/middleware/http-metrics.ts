import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from '@craftwell/core/metrics';
import { TOOLS } from '@craftwell/contracts/tool-options';

/** The tool behind each /api/ai route, for quota refusals: from the contract's table of tools. */
const TOOL_OF_ROUTE: Record<string, string> = Object.fromEntries(Object.values(TOOLS).map((tool) => [tool.route, tool.metricsLabel]));

/**
 * The route pattern (never the raw path, whose ids would explode the series count). req.baseUrl
 * is reset once an error leaves its router, so the mount prefix is taken from the URL instead:
 * the segments in front of the ones the route pattern matched.
 */
function routeOf(req: Request): string {
  const pattern = req.route?.path;
  if (typeof pattern === 'string') {
    const segments = req.originalUrl.split('?')[0].split('/').filter(Boolean);
    const matched = pattern.split('/').filter(Boolean).length;
    const prefix = segments.slice(0, Math.max(0, segments.length - matched));
    return `/${[...prefix, ...pattern.split('/').filter(Boolean)].join('/')}`;
  }
  if (req.path.startsWith('/assets/') || req.path.startsWith('/files/')) return req.path.slice(0, req.path.indexOf('/', 1) + 1) + '*';
  return 'unmatched';
}

/** Latency of every request by route, and the quota refusals (402) by tool. */
export function httpMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = routeOf(req);
      metrics.observeHttp({ method: req.method, route, status: res.statusCode }, Number(process.hrtime.bigint() - started) / 1e9);
      const tool = TOOL_OF_ROUTE[route];
      if (res.statusCode === 402 && tool) metrics.quotaRefused(tool);
    });
    next();
  };
}
