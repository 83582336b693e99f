/**
 * POST /api/images/background on the real server: a cut-out gets a colour or a picture behind it,
 * is cropped to its subject, or gives its mask alone; an opaque image is refused with the reason.
 * Given an earlier creation (source), the result is saved as a creation linked to it, free, with
 * nothing left behind when it cannot be saved.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { newObjectKey } from '@craftwell/storage/keys';
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
    expect((await none.json()).message).toBe('Send the cut-out image in the "image" field, or the id of one of your image creations in "source".');
    expect((await fetch(`${app.url}/api/images/background`, { method: 'POST', body: new FormData() })).status).toBe(401);
  });

  describe('on an earlier creation (source)', () => {
    /** The cut-out with a second, smaller subject (blue 4×4 at (30, 20)): cropped, it still has transparent corners. */
    async function twoSubjects(): Promise<Buffer> {
      const blue = await sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } }).png().toBuffer();
      return sharp(await cutout()).composite([{ input: blue, left: 30, top: 20 }]).png().toBuffer();
    }

    const results = () => {
      const dir = path.join(app.dataDir, 'objects', 'results');
      return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0;
    };

    /** A creation as the worker saves it: the stored object, then its row. */
    async function storedCreation(userId: string, bytes: Buffer | null, type = 'image'): Promise<string> {
      const key = newObjectKey('results', 'png');
      if (type === 'image') {
        fs.mkdirSync(path.dirname(path.join(app.dataDir, 'objects', key)), { recursive: true });
        fs.writeFileSync(path.join(app.dataDir, 'objects', key), bytes!);
      }
      const db = await app.sql();
      try {
        const { rows } = await db.query(
          'INSERT INTO creations (user_id, type, prompt, content, publish, object_key) VALUES ($1, $2, $3, $4, false, $5) RETURNING id',
          [userId, type, 'Remove background from image', type === 'image' ? `/files/${key}` : 'An article', type === 'image' ? key : null],
        );
        return rows[0].id;
      } finally {
        await db.end();
      }
    }

    const step = (who: string, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return fetch(`${app.url}/api/images/background`, { method: 'POST', headers: authed(who), body: form });
    };

    it('when a cut-out creation is named as the source, then each step is saved as a new creation linked to the one before, listed with its link, and not charged', async () => {
      const owner = await signUp(app.url);
      const sourceId = await storedCreation(owner.user.id, await twoSubjects());
      // Cut-out -> cropped to the subject -> on a colour: two steps, no upload.
      const cropped = await (await step(owner.token, { source: sourceId, crop: 'true' })).json();
      expect(cropped).toMatchObject({ success: true, creationId: expect.any(String), content: expect.stringMatching(/^\/files\/results\/.+\.png$/) });
      const res = await step(owner.token, { source: cropped.creationId, colour: '#00ff00' });
      expect(res.status).toBe(200);
      const coloured = await res.json();
      // The stored result is the chain's output: cropped to the subject, on the colour.
      const png = Buffer.from(await (await fetch(`${app.url}${coloured.content}`, { headers: authed(owner.token) })).arrayBuffer());
      expect(await sharp(png).metadata()).toMatchObject({ width: 22, height: 19, hasAlpha: false });
      expect(await pixel(png, 0, 0)).toEqual([255, 0, 0]);
      expect(await pixel(png, 21, 0)).toEqual([0, 255, 0]);
      expect(await pixel(png, 21, 18)).toEqual([0, 0, 255]);
      const own = (await (await fetch(`${app.url}/api/user/get-user-creations`, { headers: authed(owner.token) })).json()).creations as Array<{ id: string; source_id?: string; prompt: string; type: string }>;
      expect(own.find((c) => c.id === cropped.creationId)).toMatchObject({ type: 'image', source_id: sourceId, prompt: 'Transparent background, cropped to the subject' });
      expect(own.find((c) => c.id === coloured.creationId)).toMatchObject({ type: 'image', source_id: cropped.creationId, prompt: 'New background colour #00ff00' });
      const db = await app.sql();
      try {
        expect((await db.query('SELECT coalesce(sum(used), 0)::int AS n FROM usage_counters WHERE user_id = $1', [owner.user.id])).rows[0].n).toBe(0);
      } finally {
        await db.end();
      }
      // A result with a colour behind it has no transparency left to work with: said so, nothing saved.
      const opaque = await step(owner.token, { source: coloured.creationId, output: 'mask' });
      expect(opaque.status).toBe(422);
      expect(own.filter((c) => c.source_id)).toHaveLength(2);
      // Squaring and resizing work on it all the same: the third step of the chain.
      const sized = await step(owner.token, { source: coloured.creationId, square: 'true', size: '100' });
      expect(sized.status).toBe(200);
      const third = await sized.json();
      const squared = Buffer.from(await (await fetch(`${app.url}${third.content}`, { headers: authed(owner.token) })).arrayBuffer());
      expect(await sharp(squared).metadata()).toMatchObject({ width: 100, height: 100 });
      // The picture sits in the middle; the added margin above it is transparent.
      expect((await pixel(squared, 50, 2))[3]).toBe(0);
      expect((await pixel(squared, 99, 50)).slice(0, 3)).toEqual([0, 255, 0]);
      const listed = (await (await fetch(`${app.url}/api/user/get-user-creations`, { headers: authed(owner.token) })).json()).creations as Array<{ id: string; source_id?: string; prompt: string }>;
      expect(listed.find((c) => c.id === third.creationId)).toMatchObject({ source_id: coloured.creationId, prompt: 'Square, 100 px' });
      const tooBig = await step(owner.token, { source: coloured.creationId, size: '9000' });
      expect(tooBig.status).toBe(400);
      expect((await tooBig.json()).message).toBe('size must be a whole number of pixels from 16 to 4000.');
    });

    it('when the source is someone else\'s, unknown, not an id or not an image, then it is a 404 and nothing is written', async () => {
      const owner = await signUp(app.url);
      const stranger = await signUp(app.url);
      const theirs = await storedCreation(owner.user.id, await cutout());
      const article = await storedCreation(stranger.user.id, null, 'article');
      const before = results();
      for (const source of [theirs, '00000000-0000-4000-8000-000000000000', 'not-an-id', article]) {
        const res = await step(stranger.token, { source, colour: '#ffffff' });
        expect(res.status, source).toBe(404);
        expect(await res.json(), source).toMatchObject({ code: 'not_found', message: 'That source creation does not exist, is not yours, or is not an image.' });
      }
      // The source is checked before the options are read, and before anything is stored.
      expect(results()).toBe(before);
      const db = await app.sql();
      try {
        expect((await db.query('SELECT count(*)::int AS n FROM creations WHERE user_id = $1', [stranger.user.id])).rows[0].n).toBe(1);
      } finally {
        await db.end();
      }
    });

    it('when the row cannot be written, then the stored result is removed too', async () => {
      const owner = await signUp(app.url);
      const sourceId = await storedCreation(owner.user.id, await cutout());
      const before = results();
      const db = await app.sql();
      try {
        // Any failure of the insert: here a trigger refusing rows made from this source.
        await db.query(`CREATE FUNCTION refuse_row() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`);
        await db.query(`CREATE TRIGGER refuse_step BEFORE INSERT ON creations FOR EACH ROW WHEN (NEW.source_id = '${sourceId}') EXECUTE FUNCTION refuse_row()`);
        const res = await step(owner.token, { source: sourceId, colour: '#123456' });
        expect(res.status).toBe(500);
        expect(results()).toBe(before);
        expect((await db.query('SELECT count(*)::int AS n FROM creations WHERE source_id = $1', [sourceId])).rows[0].n).toBe(0);
      } finally {
        await db.query('DROP TRIGGER IF EXISTS refuse_step ON creations; DROP FUNCTION IF EXISTS refuse_row()').catch(() => undefined);
        await db.end();
      }
    });
  });
});
