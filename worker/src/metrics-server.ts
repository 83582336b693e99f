/**
 * A worker process's /metrics (jobs by tool and outcome, job duration), on METRICS_PORT, only
 * when METRICS_TOKEN is set. A port already taken (several workers on one host) costs the
 * metrics of this worker, never the worker itself.
 */
import http from 'node:http';
import { metricsReply, type Metrics } from '@craftwell/core/metrics';

export function startMetricsServer(metrics: Metrics, options: { port: number; host?: string; token: string; warn: (message: string) => void }): http.Server {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metricsReply(metrics, options.token, req.headers.authorization)
      .then((reply) => res.writeHead(reply.status, { 'Content-Type': reply.contentType }).end(reply.body))
      .catch(() => res.writeHead(500).end());
  });
  server.on('error', (err) => options.warn(`worker metrics are off: port ${options.port} is not available (${(err as Error).message})`));
  server.listen(options.port, options.host ?? '0.0.0.0');
  server.unref();
  return server;
}
