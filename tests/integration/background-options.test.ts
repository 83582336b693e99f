/**
 * POST /api/images/background on the real server: a cut-out gets a colour or a picture behind it,
 * is cropped to its subject, or gives its mask alone; an opaque image is refused with the reason.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

/** 40×30 transparent canvas with an opaque red 10×8 subject at (12, 5). */
async function cutout(): Promise<Buffer> {
  const subject = await sharp({ create: { width: 10, height: 8, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
  return sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([{ input: subject, left: 12, top: 5 }]).png().toBuffer();
}

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

describe.skipIf(!postgresUrl)('background options', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl! });
    token = (await signUp(app.url)).token;
  });
  afterAll(async () => { await app?.stop(); });

  async function send(image: Buffer, fields: Record<string, string>, background?: Buffer) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cutout.png');
    if (background) form.append('background', new Blob([new Uint8Array(background)], { type: 'image/png' }), 'bg.png');
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return fetch(`${app.url}/api/images/background`, { method: 'POST', headers: authed(token), body: form });
  }

  it('when a colour is chosen, then the background becomes that colour and the subject stays', async () => {
    const res = await send(await cutout(), { colour: '#00ff00' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="background-removed-\d+\.png"$/);
    const png = Buffer.from(await res.arrayBuffer());
    expect((await sharp(png).metadata()).hasAlpha).toBe(false);
    expect(await pixel(png, 0, 0)).toEqual([0, 255, 0]);
    expect(await pixel(png, 15, 8)).toEqual([255, 0, 0]);
  });

  it('when a picture is chosen, then it fills the background at the cut-out size', async () => {
    const blue = await sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer();
    const png = Buffer.from(await (await send(await cutout(), {}, blue)).arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ width: 40, height: 30 });
    expect(await pixel(png, 39, 29)).toEqual([0, 0, 255]);
    expect(await pixel(png, 12, 5)).toEqual([255, 0, 0]);
  });

  it('when crop is asked, then the image is cut to the subject; the mask alone is white on black', async () => {
    const cropped = Buffer.from(await (await send(await cutout(), { crop: 'true' })).arrayBuffer());
    expect(await sharp(cropped).metadata()).toMatchObject({ width: 10, height: 8, hasAlpha: true });

    const res = await send(await cutout(), { output: 'mask' });
    expect(res.headers.get('content-disposition')).toMatch(/filename="mask-\d+\.png"/);
    const mask = Buffer.from(await res.arrayBuffer());
    expect(await sharp(mask).metadata()).toMatchObject({ width: 40, height: 30, channels: 1 });
    expect((await pixel(mask, 0, 0))[0]).toBe(0);
    expect((await pixel(mask, 15, 8))[0]).toBe(255);
  });

  it('when the image has no transparency or an option is wrong, then it says why', async () => {
    const opaque = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const res = await send(opaque, { colour: '#ffffff' });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe('This image has no transparent background. Remove its background first, then choose these options.');
    const bad = await send(await cutout(), { colour: 'green' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('colour must look like #1a2b3c.');
    const none = await fetch(`${app.url}/api/images/background`, { method: 'POST', headers: authed(token), body: new FormData() });
    expect((await none.json()).message).toBe('Send the cut-out image in the "image" field.');
    expect((await fetch(`${app.url}/api/images/background`, { method: 'POST', body: new FormData() })).status).toBe(401);
  });
});
