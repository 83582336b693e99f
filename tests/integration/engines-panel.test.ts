/**
 * The admin page's Engines panel end to end, with a stand-in inpainting model (a tiny ONNX file
 * with the real models' inputs and outputs that paints the hole one known colour): install from
 * a mirror that answers like Hugging Face (redirect, announced SHA-256), progress, the model used
 * by the next object removal with no restart, removal, and the downloads that must leave nothing.
 * The app installs from the real catalogue with MI-GAN's pinned checksum swapped for the
 * stand-in's (the only seam); the mirror announces another, so the pin is seen to win.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_CATALOG } from '@craftwell/core/models/catalog';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { tinyMiganLikeModel } from '../fixtures/models/tiny-inpaint-onnx.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';
import { storageOf } from '../support/creations.js';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';

const postgresUrl = serviceUrl('postgres');
const STAND_IN = tinyMiganLikeModel({ colour: [0, 0, 1] });
const STAND_IN_SHA = createHash('sha256').update(STAND_IN).digest('hex');
const catalogPath = (name: string) => new URL(MODEL_CATALOG.find((m) => m.name === name)!.url).pathname;
const MIGAN_PATH = catalogPath('migan');
const LAMA_PATH = catalogPath('lama');
/** The real catalogue, but MI-GAN's pin is the stand-in's checksum. */
const CATALOG = MODEL_CATALOG.map((m) => (m.name === 'migan' ? { ...m, sha256: STAND_IN_SHA } : m));

describe.skipIf(!postgresUrl)('Engines panel', () => {
  let app: TestApp;
  let storage: ObjectStorage;
  let admin: string;
  let member: string;
  let mirror: http.Server;
  /** Held open to watch a download in progress; released by the test. */
  let releaseSlow: (() => void) | null = null;

  beforeAll(async () => {
    // Answers like Hugging Face: the file's address redirects to a CDN and announces the SHA-256.
    mirror = http.createServer((req, res) => {
      if (req.url === MIGAN_PATH) {
        // Announces a checksum the bytes do not have: the catalogue's pin is what counts.
        res.writeHead(302, { location: '/cdn/migan', 'x-linked-etag': `"${'e'.repeat(64)}"` }).end();
      } else if (req.url === '/cdn/migan') {
        res.writeHead(200, { 'content-length': String(STAND_IN.length) });
        // Half now, the rest when the test has seen the progress.
        res.write(STAND_IN.subarray(0, STAND_IN.length / 2));
        new Promise<void>((resolve) => { releaseSlow = resolve; }).then(() => res.end(STAND_IN.subarray(STAND_IN.length / 2)));
      } else if (req.url === LAMA_PATH) {
        // Not the file whose checksum the catalogue pins.
        res.writeHead(200, { 'content-length': String(STAND_IN.length) }).end(STAND_IN);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl(), env: { MODEL_MIRROR_URL: base, JOB_WAIT_TIMEOUT_MS: '240000' }, seams: { modelCatalog: CATALOG } });
    storage = await storageOf(app);
    admin = (await signUp(app.url)).token; // the first local account is the administrator
    member = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => {
    releaseSlow?.();
    await app?.stop();
    mirror?.closeAllConnections();
    await new Promise((resolve) => mirror?.close(resolve));
  });

  const engines = async (token = admin) => {
    const res = await fetch(`${app.url}/api/admin/engines`, { headers: authed(token) });
    return { status: res.status, body: await res.json() };
  };
  const engine = async (name: string) => (await engines()).body.installable.find((e: { name: string }) => e.name === name);
  const waitFor = async (name: string, state: string) => {
    for (let i = 0; i < 200; i++) {
      const current = await engine(name);
      if (current.state === state) return current;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${name} never reached ${state}: ${JSON.stringify(await engine(name))}`);
  };
  const storedEngines = async () => {
    const keys: string[] = [];
    for await (const object of storage.list('engines/')) keys.push(object.key);
    return keys;
  };

  /** A removal with a brush mask over the middle of a plain picture; the reply and the hole's colour. */
  const removeWithBrush = async () => {
    const image = await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 90, g: 160, b: 70 } } }).png().toBuffer();
    const mask = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#000' } })
      .composite([{ input: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).png().toBuffer(), left: 60, top: 45 }])
      .png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'plain.png');
    form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    form.append('object', 'cup');
    const res = await fetch(`${app.url}/api/ai/remove-image-object`, { method: 'POST', headers: authed(member), body: form });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const result = Buffer.from(await (await fetch(new URL(body.content, app.url), { headers: authed(member) })).arrayBuffer());
    const { data } = await sharp(result).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * 160 + x) * 3, (y * 160 + x) * 3 + 3));
    return { body, centre: at(80, 60), outside: at(10, 10) };
  };

  it('when someone who is not an administrator asks, then every engine route is 403', async () => {
    expect((await engines(member)).status).toBe(403);
    expect((await fetch(`${app.url}/api/admin/engines/migan/install`, { method: 'POST', headers: authed(member) })).status).toBe(403);
    expect((await fetch(`${app.url}/api/admin/engines/migan`, { method: 'DELETE', headers: authed(member) })).status).toBe(403);
  });

  it('lists the installable engines with their sizes and checksum kind, and what ships with the app', async () => {
    const { status, body } = await engines();
    expect(status).toBe(200);
    expect(body.installable.map((e: { name: string }) => e.name)).toEqual(['lama', 'migan']);
    expect(await engine('lama')).toMatchObject({ label: 'LaMa', approxSize: '208 MB', checksum: 'pinned', state: 'available', inUse: false });
    expect(await engine('migan')).toMatchObject({ label: 'MI-GAN', approxSize: '28 MB', checksum: 'pinned', state: 'available' });
    const isnet = body.bundled.find((b: { tool: string }) => b.tool === 'remove-background');
    expect(isnet.bytes).toBeGreaterThan(10_000_000);
  });

  it('with no engine installed, object removal uses the built-in fill and says a better one can be installed', async () => {
    const { body, centre } = await removeWithBrush();
    expect(body.engine.id).toBe('offline-object');
    expect(body.engine.note).toMatch(/install LaMa or MI-GAN on the admin page \(Engines\)/);
    expect(centre[2]).toBeLessThan(200); // not the stand-in's blue
  }, 240_000);

  it('installs MI-GAN with progress, checked against its pinned SHA-256 whatever the mirror announces; the next removal uses it; removal ends it', async () => {
    const started = await fetch(`${app.url}/api/admin/engines/migan/install`, { method: 'POST', headers: authed(admin) });
    expect(started.status).toBe(202);
    expect((await started.json()).engine.state).toBe('downloading');
    // A second install while one runs is refused.
    expect((await fetch(`${app.url}/api/admin/engines/migan/install`, { method: 'POST', headers: authed(admin) })).status).toBe(409);
    // Progress: half the bytes have arrived, the total is known.
    for (let i = 0; i < 100 && (await engine('migan')).received === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const midway = await engine('migan');
    expect(midway).toMatchObject({ state: 'downloading', total: STAND_IN.length });
    expect(midway.received).toBeGreaterThan(0);
    expect(midway.received).toBeLessThan(STAND_IN.length);
    releaseSlow!();
    const done = await waitFor('migan', 'installed');
    expect(done).toMatchObject({ sha256: STAND_IN_SHA, received: STAND_IN.length, inUse: true });
    expect(await storedEngines()).toHaveLength(1);

    // Used at once, with no restart: the hole is the stand-in's blue, the rest untouched.
    const used = await removeWithBrush();
    expect(used.body.engine.id).toBe('offline-object-lama');
    expect(used.body.engine.note).not.toMatch(/install LaMa or MI-GAN/);
    expect(used.centre).toEqual([0, 0, 255]);
    expect(used.outside).toEqual([90, 160, 70]);
    expect(fs.existsSync(path.join(app.dataDir, 'models', 'installed', `${STAND_IN_SHA}.onnx`))).toBe(true);

    const removed = await fetch(`${app.url}/api/admin/engines/migan`, { method: 'DELETE', headers: authed(admin) });
    expect(removed.status).toBe(200);
    expect(await engine('migan')).toMatchObject({ state: 'available', inUse: false });
    expect(await storedEngines()).toEqual([]);
    const after = await removeWithBrush();
    expect(after.body.engine.id).toBe('offline-object');
    // The worker's local copy goes with it.
    expect(fs.existsSync(path.join(app.dataDir, 'models', 'installed', `${STAND_IN_SHA}.onnx`))).toBe(false);
    expect((await fetch(`${app.url}/api/admin/engines/migan`, { method: 'DELETE', headers: authed(admin) })).status).toBe(404);
  }, 240_000);

  it('when the file does not match the pinned checksum, then the install fails saying so and nothing is kept; it can be tried again', async () => {
    expect((await fetch(`${app.url}/api/admin/engines/lama/install`, { method: 'POST', headers: authed(admin) })).status).toBe(202);
    const failed = await waitFor('lama', 'failed');
    expect(failed.error).toMatch(/Checksum mismatch for lama/);
    expect(await storedEngines()).toEqual([]);
    expect(fs.readdirSync(path.join(app.dataDir, 'tmp', 'engines'))).toEqual([]);
    // A failed install may be retried (and fails the same way here).
    expect((await fetch(`${app.url}/api/admin/engines/lama/install`, { method: 'POST', headers: authed(admin) })).status).toBe(202);
    await waitFor('lama', 'failed');
  });

  it('when the process running a download died, then after a minute without progress it shows as failed and can be installed again', async () => {
    const sql = await app.sql();
    await sql.query(`INSERT INTO engine_installs (name, state, received, total, updated_at) VALUES ('migan', 'downloading', 100, 1000, now() - interval '2 minutes')`);
    expect(await engine('migan')).toMatchObject({ state: 'failed', error: expect.stringMatching(/stopped before it finished/) });
    releaseSlow = null;
    const again = await fetch(`${app.url}/api/admin/engines/migan/install`, { method: 'POST', headers: authed(admin) });
    expect(again.status).toBe(202);
    for (let i = 0; i < 100 && !releaseSlow; i++) await new Promise((r) => setTimeout(r, 50));
    releaseSlow!();
    await waitFor('migan', 'installed');
    expect((await fetch(`${app.url}/api/admin/engines/migan`, { method: 'DELETE', headers: authed(admin) })).status).toBe(200);
  });

  it('when the engine name is unknown or malformed, then 404 / 400', async () => {
    expect((await fetch(`${app.url}/api/admin/engines/stable-diffusion/install`, { method: 'POST', headers: authed(admin) })).status).toBe(404);
    expect((await fetch(`${app.url}/api/admin/engines/..%2Fx/install`, { method: 'POST', headers: authed(admin) })).status).toBe(400);
  });
});
