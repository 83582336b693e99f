/** GET /api/openapi.json: public, like any api reference; built once per process. */
import { Router } from 'express';
import { buildOpenApiDocument } from './document.js';
import { OPERATIONS } from './operations.js';

export function openApiRoutes(info: { version: string; serverUrl?: string }): Router {
  const router = Router();
  let document: unknown;
  router.get('/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument(OPERATIONS, info);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(document);
  });
  return router;
}
