/**
 * Hosted object removal against local servers on 127.0.0.1 that speak the documented APIs:
 * ClipDrop cleanup (multipart image_file + mask_file, x-api-key) and Cloudinary (signed upload,
 * e_gen_remove delivery URL, destroy). Also the config parsing and the handler's contract.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '@craftwell/contracts/jobs';
import { TransientJobError, type JobContext, type ProgressUpdate } from '@craftwell/contracts/handler';
import { createRemoveObjectHandler } from '../../../handlers/remove-object.js';
import { parseObjectConfig } from '@craftwell/core/config/object';
import { createObjectRemover } from '../index.js';
import { signParams } from '../providers/cloudinary.js';
import { resolveObjectLabel, validateObjectName } from '@craftwell/contracts/object-vocabulary';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
let coffeePng: Buffer;
let resultPng: Buffer;

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; form: FormData | null }
let seen: Seen[] = [];
let reply: (req: Seen) => { status: number; body: Buffer | string; type?: string };
let server: Server;
let base: string;

beforeAll(async () => {
  coffeePng = await readFile(path.join(root, 'tests/fixtures/images/coffee.png'));
  // What the fake provider "removes": a flat 300x200 picture (the client must scale it back).
  resultPng = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#7a5030' } }).png().toBuffer();
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    const form = type.startsWith('multipart/form-data')
      ? await new Response(body, { headers: { 'content-type': type } }).formData()
      : null;
    const entry: Seen = { method: req.method!, url: req.url!, headers: req.headers, form };
    seen.push(entry);
    const r = reply(entry);
    res.writeHead(r.status, { 'content-type': r.type ?? 'application/json' });
    res.end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('object name rules', () => {
  it('when the text has one word, then it is accepted and mapped to a COCO label', () => {
    expect(validateObjectName('  Kitties ')).toEqual({ ok: true, name: 'kitties', label: 'cat' });
    expect(resolveObjectLabel('vehicle')).toBe('car');
    expect(resolveObjectLabel('people')).toBe('person');
    expect(resolveObjectLabel('Mugs')).toBe('cup');
    expect(resolveObjectLabel('teddy-bear')).toBe('teddy bear');
  });

  it('when the text has several words, then the spec message and a 400', () => {
    expect(validateObjectName('red car')).toEqual({ ok: false, message: 'Please enter only one object name', status: 400 });
  });

  it('when the name is unknown, then it is refused offline but accepted with Cloudinary or a mask', () => {
    const refused = validateObjectName('unicorn');
    expect(refused.ok).toBe(false);
    expect(validateObjectName('unicorn', { anyName: true }).ok).toBe(true);
    expect(validateObjectName('unicorn', { hasMask: true }).ok).toBe(true);
  });
});

describe('config', () => {
  it('when nothing is set, then the offline engine is used', () => {
    expect(parseObjectConfig({}).provider).toBe('offline');
  });
  it('when CLOUDINARY_URL is set, then auto picks Cloudinary with the parsed credentials', () => {
    const config = parseObjectConfig({ CLOUDINARY_URL: 'cloudinary://key1:secret1@demo', CLIPDROP_API_KEY: 'k' });
    expect(config.provider).toBe('cloudinary');
    expect(config.cloudinary).toMatchObject({ cloudName: 'demo', apiKey: 'key1', apiSecret: 'secret1' });
  });
  it('when a provider is forced without its key, then start-up fails naming the variable', () => {
    expect(() => parseObjectConfig({ OBJECT_ENGINE: 'clipdrop' })).toThrow(/CLIPDROP_API_KEY/);
  });
});

describe('ClipDrop cleanup', () => {
  it('when keyed, then it sends image_file + our mask_file with x-api-key and returns a PNG at the input size', async () => {
    seen = [];
    reply = () => ({ status: 200, body: resultPng, type: 'image/png' });
    const remover = createObjectRemover(parseObjectConfig({ CLIPDROP_API_KEY: 'test-key', CLIPDROP_BASE_URL: base }));
    const result = await remover.remove({ png: coffeePng, object: 'cup' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/cleanup/v1');
    expect(seen[0]!.headers['x-api-key']).toBe('test-key');
    const image = seen[0]!.form!.get('image_file') as File;
    const mask = seen[0]!.form!.get('mask_file') as File;
    const maskMeta = await sharp(Buffer.from(await mask.arrayBuffer())).metadata();
    expect([maskMeta.width, maskMeta.height]).toEqual([600, 400]);
    expect(Buffer.from(await image.arrayBuffer()).equals(coffeePng)).toBe(true);
    // The mask marks the cup: its centre is white, a far corner black.
    const maskRaw = await sharp(Buffer.from(await mask.arrayBuffer())).greyscale().raw().toBuffer();
    expect(maskRaw[120 * 600 + 290]).toBe(255);
    expect(maskRaw[390 * 600 + 590]).toBe(0);
    const meta = await sharp(result.png).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([600, 400, 'png']);
    expect(result.engine).toMatchObject({ id: 'clipdrop-cleanup', offline: false });
  });

  it('when ClipDrop answers 429, then the job error is retryable', async () => {
    reply = () => ({ status: 429, body: JSON.stringify({ error: 'Too many requests' }) });
    const remover = createObjectRemover(parseObjectConfig({ CLIPDROP_API_KEY: 'k', CLIPDROP_BASE_URL: base }));
    await expect(remover.remove({ png: coffeePng, object: 'cup' })).rejects.toBeInstanceOf(TransientJobError);
  });
});

describe('Cloudinary generative remove', () => {
  it('when keyed, then it uploads signed, fetches e_gen_remove:prompt_<object> (polling 423), and deletes the upload', async () => {
    seen = [];
    let deliveries = 0;
    reply = (req) => {
      if (req.url === '/v1_1/demo/image/upload') return { status: 200, body: JSON.stringify({ public_id: 'tmp/abc', version: 1712, format: 'png' }) };
      if (req.url === '/v1_1/demo/image/destroy') return { status: 200, body: JSON.stringify({ result: 'ok' }) };
      if (req.url.startsWith('/demo/image/upload/')) {
        deliveries++;
        return deliveries === 1 ? { status: 423, body: '' } : { status: 200, body: resultPng, type: 'image/png' };
      }
      return { status: 404, body: '{}' };
    };
    const remover = createObjectRemover(parseObjectConfig({
      CLOUDINARY_URL: 'cloudinary://key1:secret1@demo',
      CLOUDINARY_API_BASE_URL: base,
      CLOUDINARY_DELIVERY_BASE_URL: base,
    }));
    // Any one word works with Cloudinary, even outside the offline vocabulary.
    const result = await remover.remove({ png: coffeePng, object: 'saucer' });
    const upload = seen.find((s) => s.url === '/v1_1/demo/image/upload')!;
    const form = upload.form!;
    expect(form.get('api_key')).toBe('key1');
    const timestamp = form.get('timestamp') as string;
    expect(form.get('signature')).toBe(signParams({ timestamp }, 'secret1'));
    expect(Buffer.from(await (form.get('file') as File).arrayBuffer()).equals(coffeePng)).toBe(true);
    expect(seen.filter((s) => s.url === '/demo/image/upload/e_gen_remove:prompt_saucer/v1712/tmp/abc.png')).toHaveLength(2);
    const destroy = seen.find((s) => s.url === '/v1_1/demo/image/destroy')!;
    expect(destroy.form!.get('public_id')).toBe('tmp/abc');
    expect(destroy.form!.get('signature')).toBe(signParams({ public_id: 'tmp/abc', timestamp: destroy.form!.get('timestamp') as string }, 'secret1'));
    const meta = await sharp(result.png).metadata();
    expect([meta.width, meta.height]).toEqual([600, 400]);
    expect(result.engine).toMatchObject({ id: 'cloudinary-gen-remove', offline: false });
  });

  it('when Cloudinary rejects the key, then the error says so and is not retried', async () => {
    reply = () => ({ status: 401, body: JSON.stringify({ error: { message: 'Invalid API key' } }) });
    const remover = createObjectRemover(parseObjectConfig({
      CLOUDINARY_URL: 'cloudinary://bad:bad@demo', CLOUDINARY_API_BASE_URL: base, CLOUDINARY_DELIVERY_BASE_URL: base,
    }));
    const error = await remover.remove({ png: coffeePng, object: 'cup' }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TransientJobError);
    expect(error).toMatchObject({ code: 'provider_auth', retryable: false, status: 502 });
    expect((error as Error).message).toBe("Cloudinary rejected the server's API key (Invalid API key). The operator should check CLOUDINARY_URL.");
  });
});

describe('remove-object handler', () => {
  it('when run, then it reads the input, reports the job stages in order and returns a PNG of the input size', async () => {
    reply = () => ({ status: 200, body: resultPng, type: 'image/png' });
    const remover = createObjectRemover(parseObjectConfig({ CLIPDROP_API_KEY: 'k', CLIPDROP_BASE_URL: base }));
    const handler = createRemoveObjectHandler(remover);
    const updates: ProgressUpdate[] = [];
    const ctx: JobContext<'remove-object'> = {
      payload: { userId: 'u1', inputKey: 'in/1.png', object: 'cup' },
      signal: new AbortController().signal,
      progress: async (u) => { updates.push(u); },
      readInput: async (key) => { expect(key).toBe('in/1.png'); return coffeePng; },
      attempt: 1,
    };
    const out = await handler(ctx);
    expect(out.kind).toBe('image');
    const stages = updates.map((u) => u.stage);
    for (const stage of stages) expect(JOBS['remove-object'].stages).toContain(stage);
    expect([...new Set(stages)]).toEqual(['Loading image', 'Finding object', 'Filling']);
    if (out.kind === 'image') {
      const meta = await sharp(out.png).metadata();
      expect([meta.width, meta.height]).toEqual([600, 400]);
    }
  });

  it('when the job is cancelled, then it stops with the abort reason', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by test'));
    const handler = createRemoveObjectHandler(createObjectRemover(parseObjectConfig({})));
    const ctx: JobContext<'remove-object'> = {
      payload: { userId: 'u1', inputKey: 'in/1.png', object: 'cup' },
      signal: controller.signal,
      progress: async () => undefined,
      readInput: async () => coffeePng,
      attempt: 1,
    };
    await expect(handler(ctx)).rejects.toThrow('cancelled by test');
  });
});
