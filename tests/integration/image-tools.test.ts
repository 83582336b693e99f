/**
 * Image tools through the real pipeline over HTTP: object removal on real photos, and the
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
// A ball on grass: a small hole, so the one full removal here is quick (the engine's own tests judge fills).
const BALL_ON_GRASS = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/images/messi5.jpg'));
const TWO_PEOPLE = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/real-photos/iopaint-unwant_person.jpg'));
const DOG_ON_BENCH = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/real-photos/iopaint-dog.jpg'));

describe.skipIf(!postgresUrl)('image tools over HTTP', () => {
  let app: TestApp;
  let token: string;

  const removeObject = (object: string, extra?: (form: FormData) => void, image = { bytes: COFFEE, type: 'image/png', name: 'coffee.png' }) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
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
    expect(await twoWords.json()).toEqual({ success: false, message: 'Please enter only one object name', code: 'bad_request' });
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

  it('when the ball is removed, then a PNG of the same size comes back and one use is counted', async () => {
    const res = await removeObject('ball', undefined, { bytes: BALL_ON_GRASS, type: 'image/jpeg', name: 'messi5.jpg' });
    const body = await res.json();
    expect(body).toMatchObject({ success: true, engine: { offline: true } });
    const out = Buffer.from(await (await fetch(new URL(body.content, app.url))).arrayBuffer());
    const [a, b] = await Promise.all([sharp(BALL_ON_GRASS).metadata(), sharp(out).metadata()]);
    expect([b.format, b.width, b.height]).toEqual(['png', a.width, a.height]);
    expect(await used()).toBe(1);
  }, 240_000);

  describe('mask-first removal (detect, then remove the chosen instance)', () => {
    const photoForm = (object: string, fields: Record<string, string> = {}) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(TWO_PEOPLE)], { type: 'image/jpeg' }), 'people.jpg');
      form.append('object', object);
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return form;
    };
    const detect = (object: string, fields?: Record<string, string>, headers: Record<string, string> = authed(token)) =>
      fetch(`${app.url}/api/ai/detect-objects`, { method: 'POST', headers, body: photoForm(object, fields) });

    it('when two people are in the photo, then detect lists both, largest first, with masks, and costs no quota', async () => {
      const before = await used();
      const res = await detect('person');
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ success: true, object: 'person', width: 800, height: 800, picked: null });
      expect(body.instances).toHaveLength(2);
      expect(body.instances.map((i: { index: number }) => i.index)).toEqual([0, 1]);
      expect(body.instances[0].area).toBeGreaterThan(body.instances[1].area);
      expect(body.instances[0].maskPng).toMatch(/^data:image\/png;base64,/);
      expect(await used()).toBe(before);
    });

    it('when a point on the woman at the back is sent, then detect says she is instance 1', async () => {
      const res = await detect('person', { x: '80', y: '250' });
      expect((await res.json()).picked).toBe(1);
    });

    it('when the request has no token, a bad point or an unknown name, then 401/400/422 come back', async () => {
      expect((await detect('person', undefined, {})).status).toBe(401);
      const badPoint = await detect('person', { x: '900', y: '10' });
      expect(badPoint.status).toBe(400);
      expect((await badPoint.json()).message).toMatch(/x and y must both be given, in image pixels inside the image/);
      expect((await detect('unicorn')).status).toBe(422);
    });

    it('when instance 1 is removed, then the reply names what was found and removed, and one use is counted', async () => {
      const before = await used();
      const res = await fetch(`${app.url}/api/ai/remove-image-object`, { method: 'POST', headers: authed(token), body: photoForm('person', { instance: '1' }) });
      const body = await res.json();
      expect(body).toMatchObject({ success: true, engine: { offline: true } });
      expect(body.engine.note).toMatch(/^Found 2 person instances; removed number 2 \(by size\) using its instance mask/);
      expect(await used()).toBe(before + 1);
    }, 240_000);

    it('when instance and all=true are both given, or the instance does not exist, then nothing is spent', async () => {
      const before = await used();
      const both = await fetch(`${app.url}/api/ai/remove-image-object`, { method: 'POST', headers: authed(token), body: photoForm('person', { instance: '0', all: 'true' }) });
      expect(both.status).toBe(400);
      expect((await both.json()).message).toBe('Give only one of instance, instances, all=true, or a point (x, y).');
      const missing = await fetch(`${app.url}/api/ai/remove-image-object`, { method: 'POST', headers: authed(token), body: photoForm('person', { instance: '7' }) });
      expect(missing.status).toBe(400);
      expect((await missing.json()).message).toBe('There is no person number 8: 2 found in this image.');
      expect(await used()).toBe(before);
    }, 240_000);
  });

  it('when the bench asked for carries a dog, then detect says so, a removal answers 422 with what to do, and nothing is spent', async () => {
    const benchForm = (fields: Record<string, string> = {}) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(DOG_ON_BENCH)], { type: 'image/jpeg' }), 'dog.jpg');
      form.append('object', 'bench');
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return form;
    };
    const detected = await (await fetch(`${app.url}/api/ai/detect-objects`, { method: 'POST', headers: authed(token), body: benchForm() })).json();
    expect(detected.instances.map((i: { label: string; carries?: string }) => [i.label, i.carries])).toEqual([['bench', 'dog']]);
    const before = await used();
    const refused = await fetch(`${app.url}/api/ai/remove-image-object`, { method: 'POST', headers: authed(token), body: benchForm() });
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe(
      'The dog rests on the bench: removing the bench would leave the dog floating in mid-air. Remove the dog first, or mark the parts of the bench to remove with the brush.',
    );
    const badFlag = await fetch(`${app.url}/api/ai/remove-image-object`, { method: 'POST', headers: authed(token), body: benchForm({ leaveFloating: 'yes' }) });
    expect(badFlag.status).toBe(400);
    expect((await badFlag.json()).message).toBe('leaveFloating must be true or false.');
    expect(await used()).toBe(before);
  }, 240_000);
});

