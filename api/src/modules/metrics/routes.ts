/** GET /metrics (Prometheus): off unless METRICS_TOKEN is set; then only for that bearer token. */
import { Router } from 'express';
import type { Metrics } from '@craftwell/core/metrics';
import { sendError } from '../../middleware/error-handler.js';

export function metricsRoutes(metrics: Metrics | undefined, token: string | undefined): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (!metrics || !token) {
      sendError(res, 'not_found', 'Metrics are off. Set METRICS_TOKEN to turn them on.');
      return;
    }
    // prom-client loads only where metrics are on.
    const { metricsReply } = await import('@craftwell/core/metrics');
    const reply = await metricsReply(metrics, token, req.headers.authorization);
    res.status(reply.status).type(reply.contentType).send(reply.body);
  });
  return router;
}
