/**
 * GET /api/openapi.json: an OpenAPI 3.1 document whose every operation is a real route of the
 * running server, with request schemas generated from the zod schemas the routes validate with.
 */
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanBody } from '@craftwell/api/modules/admin/routes';
import { articleSchema } from '@craftwell/api/modules/ai/routes';
import { serviceUrl } from '../support/services.js';
import { startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }> }>>;
  components: { securitySchemes: Record<string, unknown> };
};

describe.skipIf(!postgresUrl)('OpenAPI document', () => {
  let app: TestApp;
  let doc: Doc;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl! });
    const res = await fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    doc = await res.json();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('is OpenAPI 3.1 with bearer auth (session token or API key)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });

  it('documents only routes the server has: each answers, and without a token the protected ones say 401', async () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const url = `${app.url}${path.replace(/\{id\}/g, '00000000-0000-4000-8000-000000000000')}`;
        const res = await fetch(url, { method: method.toUpperCase(), headers: { 'content-type': 'application/json' }, body: method === 'get' ? undefined : '{}' });
        const body = await res.json().catch(() => ({}));
        expect(body.message, `${method} ${path}`).not.toBe('No such API route.');
        if (!op.security) expect(res.status, `${method} ${path}`).toBe(401);
      }
    }
  });

  it('takes request schemas from the zod schemas the routes validate with', () => {
    const article = doc.paths['/api/ai/generate-article'].post.requestBody!.content['application/json'].schema;
    const fromRoute = z.toJSONSchema(articleSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete fromRoute.$schema;
    expect(article).toEqual(fromRoute);
    expect(article.required).toEqual(['prompt', 'length']);
    const plan = doc.paths['/api/admin/users/{id}/plan'].post.requestBody!.content['application/json'].schema;
    expect(plan).toMatchObject({ properties: { plan: { enum: setPlanBody.shape.plan.options } } });
    const download = doc.paths['/api/creations/{id}/download'].get.parameters;
    expect(download).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', schema: expect.objectContaining({ format: 'uuid' }) }));
    expect(download).toContainEqual(expect.objectContaining({ name: 'format', in: 'query', schema: expect.objectContaining({ enum: ['png', 'jpg', 'md', 'docx'] }) }));
    const upload = doc.paths['/api/ai/remove-image-object'].post.requestBody!.content['multipart/form-data'].schema;
    // A file, or the id of an earlier image creation to work on again.
    expect(upload).toMatchObject({ properties: { object: { type: 'string' }, source: { type: 'string' } } });
    expect(upload.required ?? []).toEqual([]);
    // The pipeline's test job is not part of the public api.
    expect(doc.paths['/api/ai/test-echo']).toBeUndefined();
  });
});
