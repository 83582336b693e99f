/**
 * The OpenAPI 3.1 document of the api, built from the very zod schemas the routes validate with
 * (z.toJSONSchema, input side), so the document cannot drift from what the server accepts.
 * Multipart uploads and replies are described here; their fields are read by multer, not zod.
 */
import { z, type ZodType } from 'zod';
import { ERROR_CODES, ERRORS } from '@craftwell/contracts/errors';

type Method = 'get' | 'post' | 'delete';

interface FilePart { name: string; description: string; required: boolean; text?: boolean }

export interface OperationSpec {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** false for the few public routes; everything else takes a bearer session token or API key. */
  auth?: boolean;
  body?: ZodType;
  multipart?: FilePart[];
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** The reply of a 200/201/202; JSON unless `produces` says otherwise (with both, the description says which when). */
  reply?: ZodType;
  status?: 200 | 201 | 202;
  produces?: string;
}

const base = { success: z.boolean(), message: z.string().optional() };
export const replies = {
  message: z.object(base),
  content: z.object({ ...base, content: z.string().describe('Result: markdown text, or the URL of an image'), creationId: z.string().optional(), jobId: z.string().optional().describe('With ?async=1: poll GET /api/jobs/{id}') }),
  error: z.object({
    success: z.literal(false),
    message: z.string().describe('What went wrong, in words a person can act on'),
    code: z.enum(ERROR_CODES).describe(`What a client acts on (the message may change). ${ERROR_CODES.map((code) => `${code}: ${ERRORS[code].status}`).join(', ')}`),
  }),
};

function jsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function parameters(where: 'query' | 'path', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const json = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property,
  }));
}

function requestBody(op: OperationSpec) {
  if (op.body) return { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } };
  if (!op.multipart) return undefined;
  const properties = Object.fromEntries(op.multipart.map((part) => [part.name, part.text ? { type: 'string', description: part.description } : { type: 'string', contentMediaType: 'application/octet-stream', description: part.description }]));
  const required = op.multipart.filter((part) => part.required).map((part) => part.name);
  return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } } };
}

function responses(op: OperationSpec) {
  const file = op.produces ? { [op.produces]: { schema: { type: 'string', contentMediaType: op.produces } } } : {};
  const json = !op.produces || op.reply ? { 'application/json': { schema: jsonSchema(op.reply ?? replies.message) } } : {};
  const ok = { description: op.produces ? (op.reply ? 'The file, or JSON (see the description)' : 'The file') : 'Success', content: { ...file, ...json } };
  const error = { description: 'Refused: {success: false, message, code}', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    [String(op.status ?? 200)]: ok,
    400: error,
    ...(op.auth === false ? {} : { 401: { ...error, description: 'No valid session token or API key' }, 403: { ...error, description: 'Not allowed (administrators only, or the account is disabled)' } }),
    404: error,
  };
}

/** `/api/creations/:id` -> `/api/creations/{id}` */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function buildOpenApiDocument(operations: OperationSpec[], info: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method] = {
      operationId: `${op.method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(op.auth === false ? { security: [] } : {}),
      parameters: [...parameters('path', op.params), ...parameters('query', op.query)],
      ...(requestBody(op) ? { requestBody: requestBody(op) } : {}),
      responses: responses(op),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Craftwell API',
      version: info.version,
      description: 'Every data call takes `Authorization: Bearer <token>`: a session token from sign-in, or a personal API key (`cw_...`) created in Account settings. Replies are JSON `{success, message, ...}`; a refusal also carries `code`, one of the Error schema codes, which a client acts on instead of the message.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Session token or personal API key (cw_...)' } },
      schemas: { Error: jsonSchema(replies.error) },
    },
    paths,
  };
}
