/**
 * Image tools through the real pipeline over HTTP: object removal on a real photo, and the
 * refusals that must cost nothing (no job, or no creation and no quota).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const COFFEE = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/images/coffee.png'));

describe.skipIf(!postgresUrl)('image tools over HTTP', () => {
  let app: TestApp;
  let token: string;

  const removeObject = (object: string, extra?: (form: FormData) => void) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(COFFEE)], { type: 'image/png' }), 'coffee.png');
    form.append('object', object);
    extra?.(form);
    return fetch(`${app.url}/api/ai/remove-image-object`, { method: 'POST', headers: authed(token), body: form });
  };
  const used = async () => (await (await fetch(`${app.url}/api/user/usage`, { headers: authed(token) })).json()).tools['remove-object'].used;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl(), env: { JOB_WAIT_TIMEOUT_MS: '240000' } });
    await signUp(app.url); // the first account is premium; test as a free user
    token = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => { await app?.stop(); });

  it('when the object is named in words the rule refuses, then 400/422 come back before any job', async () => {
    const twoWords = await removeObject('red cup');
    expect(twoWords.status).toBe(400);
    expect(await twoWords.json()).toEqual({ success: false, message: 'Please enter only one object name' });
    const unknown = await removeObject('unicorn');
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).message).toMatch(/doesn't know "unicorn"/);
    expect(await used()).toBe(0);
  });

  it('when the mask does not match the image size, then a 400 says so', async () => {
    const mask = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    const res = await removeObject('cup', (form) => form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png'));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/same size as the image/);
  });

  it('when the named object is not in the photo, then the reply says so and no quota is spent', async () => {
    const res = await removeObject('car');
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe('Couldn\'t find "car" in this image');
    expect(await used()).toBe(0);
  }, 240_000);

  it('when the cup is removed, then a PNG of the same size comes back and one use is counted', async () => {
    const res = await removeObject('cup');
    const body = await res.json();
    expect(body).toMatchObject({ success: true, engine: { offline: true } });
    const out = Buffer.from(await (await fetch(new URL(body.content, app.url))).arrayBuffer());
    const [a, b] = await Promise.all([sharp(COFFEE).metadata(), sharp(out).metadata()]);
    expect([b.format, b.width, b.height]).toEqual(['png', a.width, a.height]);
    expect(await used()).toBe(1);
  }, 240_000);
});
