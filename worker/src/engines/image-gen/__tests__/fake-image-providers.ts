/**
 * Local stand-ins (127.0.0.1 only) for the hosted image APIs, speaking their documented wire
 * formats: OpenAI Images (POST /v1/images/generations, JSON, b64_json or url), ClipDrop
 * text-to-image and remove-background (multipart, x-api-key, PNG back) and remove.bg
 * (POST /v1.0/removebg, multipart image_file, X-Api-Key). Tests set `mode` to make them fail.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const GOOD_KEY = 'test-key';

export type FakeMode = 'ok' | 'url' | '429' | '500' | 'policy' | 'hang' | 'garbage' | 'preview';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  json?: Record<string, unknown>;
  fields?: Record<string, string>;
  file?: { field: string; name: string; type: string; bytes: Buffer };
}

export interface FakeProviders {
  baseUrl: string;
  requests: RecordedRequest[];
  mode: FakeMode;
  close(): Promise<void>;
}

/** A small but real picture: a colour gradient. */
export async function gradientPng(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      data[i] = Math.round((255 * x) / width);
      data[i + 1] = Math.round((255 * y) / height);
      data[i + 2] = 128;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** The uploaded image with its left half made transparent: what a cut-out service returns. */
async function fakeCutout(image: Buffer, scale: number): Promise<Buffer> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width / 2; x += 1) data[(y * info.width + x) * 4 + 3] = 0;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .resize(Math.round(info.width * scale), Math.round(info.height * scale))
    .png()
    .toBuffer();
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const state: FakeProviders = { baseUrl: '', requests: [], mode: 'ok', close: async () => undefined };
  const generated = await gradientPng(64, 48);

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await readBody(req);
    const record: RecordedRequest = { method: req.method ?? '', path, headers: req.headers };
    if (req.headers['content-type']?.startsWith('application/json')) record.json = JSON.parse(raw.toString('utf8'));
    if (req.headers['content-type']?.startsWith('multipart/form-data')) {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': req.headers['content-type'] } }).formData();
      record.fields = {};
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') record.fields[field] = value;
        else record.file = { field, name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
    }
    state.requests.push(record);

    if (req.method === 'GET' && path === '/files/generated.png') return send(200, generated, 'image/png');
    if (state.mode === 'hang') return; // never answers: the client must time out
    const failure = state.mode === '429' ? 429 : state.mode === '500' ? 500 : 0;

    if (req.method === 'POST' && path === '/v1/images/generations') {
      if (req.headers.authorization !== `Bearer ${GOOD_KEY}`) {
        return send(401, { error: { message: 'Incorrect API key provided: wr***ey.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
      }
      if (failure) return send(failure, { error: { message: failure === 429 ? 'Rate limit reached for images' : 'The server had an error processing your request.', type: 'server_error', param: null, code: null } });
      if (state.mode === 'policy') {
        return send(400, { error: { message: 'Your request was rejected as a result of our safety system.', type: 'image_generation_user_error', param: null, code: 'content_policy_violation' } });
      }
      if (typeof record.json?.prompt !== 'string') return send(400, { error: { message: 'prompt is required', type: 'invalid_request_error', param: 'prompt', code: null } });
      const created = Math.floor(Date.now() / 1000);
      if (state.mode === 'url') return send(200, { created, data: [{ url: `${state.baseUrl}/files/generated.png` }] });
      if (state.mode === 'garbage') return send(200, { created, data: [{ b64_json: Buffer.from('not an image').toString('base64') }] });
      return send(200, { created, data: [{ b64_json: generated.toString('base64'), revised_prompt: record.json.prompt }] });
    }

    if (req.method === 'POST' && (path === '/text-to-image/v1' || path === '/remove-background/v1')) {
      if (req.headers['x-api-key'] !== GOOD_KEY) return send(401, { error: 'Invalid API key' });
      if (failure) return send(failure, { error: failure === 429 ? 'Too many requests' : 'Internal server error' });
      if (path === '/text-to-image/v1') {
        if (!record.fields?.prompt) return send(400, { error: 'prompt is required' });
        return send(200, state.mode === 'garbage' ? Buffer.from('oops') : generated, 'image/png');
      }
      if (record.file?.field !== 'image_file') return send(400, { error: 'image_file is required' });
      return send(200, await fakeCutout(record.file.bytes, state.mode === 'preview' ? 0.5 : 1), 'image/png');
    }

    if (req.method === 'POST' && path === '/v1.0/removebg') {
      if (req.headers['x-api-key'] !== GOOD_KEY) return send(403, { errors: [{ title: 'API Key invalid', code: 'auth_failed' }] });
      if (failure) return send(failure, { errors: [{ title: failure === 429 ? 'Rate limit exceeded' : 'Internal error' }] });
      if (record.file?.field !== 'image_file') return send(400, { errors: [{ title: 'No image given', code: 'missing_source' }] });
      return send(200, await fakeCutout(record.file.bytes, state.mode === 'preview' ? 0.5 : 1), 'image/png');
    }

    send(404, { error: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return state;
}
