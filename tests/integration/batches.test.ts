/**
 * Batches over HTTP on the real queue, workers and storage: images (sent one by one or in a zip)
 * run as background-removal jobs, each charged only if it succeeds; what cannot run is refused
 * item by item with its reason; quota short of the whole batch refuses it with nothing written;
 * cancel charges nothing for what did not finish; Download all is a zip of the results; a batch
 * is its owner's alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView } from '@craftwell/contracts/batches';
import { currentPeriod } from '@craftwell/core/period';
import { optionalRedisUrl, serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Small distinct pictures: a shape on a plain ground, so background removal has a subject. */
async function picture(n: number): Promise<Buffer> {
  const colour = ['#d33', '#3a3', '#33d', '#dd3', '#3dd', '#d3d'][n % 6];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#eee"/><circle cx="${40 + n}" cy="48" r="24" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe.skipIf(!postgresUrl)('batches', () => {
  let app: TestApp;
  let db: pg.Client;

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: optionalRedisUrl(), env: { JOB_WAIT_TIMEOUT_MS: '240000' } });
    await signUp(app.url); // the first account is premium; test as free users
    db = await app.sql();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  const form = (fields: Record<string, string>, files: Array<{ field: string; name: string; bytes: Buffer; type?: string }>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    for (const f of files) body.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }), f.name);
    return body;
  };
  const create = (token: string, body: FormData, key?: string) =>
    fetch(`${app.url}/api/batches`, { method: 'POST', headers: authed(token, key ? { 'idempotency-key': key } : {}), body });
  const get = async (token: string, id: string) => fetch(`${app.url}/api/batches/${id}`, { headers: authed(token) });
  const until = async (token: string, id: string, done: (b: BatchView) => boolean): Promise<BatchView> => {
    for (let i = 0; i < 600; i++) {
      const batch = (await (await get(token, id)).json()).batch as BatchView;
      if (done(batch)) return batch;
      await sleep(250);
    }
    throw new Error('the batch did not settle');
  };
  const settled = (b: BatchView) => b.counts.queued + b.counts.active === 0;
  const used = async (userId: string, tool = 'remove-background') => Number((await db.query('SELECT coalesce(sum(used), 0)::int AS n FROM usage_counters WHERE user_id = $1 AND tool = $2', [userId, tool])).rows[0].n);
  const held = async (userId: string) => Number((await db.query('SELECT count(*)::int AS n FROM usage_reservations WHERE user_id = $1', [userId])).rows[0].n);
  const uploads = () => {
    const dir = path.join(app.dataDir, 'objects', 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')) : [];
  };

  it('when images, a copy and a text file are sent, then the images run and are charged, the others are refused with reasons, and Download all holds the results', async () => {
    const { token, user } = await signUp(app.url);
    const [a, b] = [await picture(1), await picture(2)];
    const res = await create(token, form({ tool: 'remove-background' }, [
      { field: 'images', name: 'first.png', bytes: a },
      { field: 'images', name: 'second.png', bytes: b },
      { field: 'images', name: 'copy-of-first.png', bytes: a },
      { field: 'images', name: 'notes.txt', bytes: Buffer.from('not a picture'), type: 'text/plain' },
    ]), 'batch-one');
    expect(res.status).toBe(201);
    const { batch } = (await res.json()) as { batch: BatchView };
    expect(batch.items.map((i) => i.state === 'queued' || i.state === 'active' || i.state === 'done' ? 'runs' : i.code)).toEqual(['runs', 'runs', 'conflict', 'unsupported_media_type']);
    expect(batch.items[2]!.message).toMatch(/same image/);

    // The same Idempotency-Key gives the same batch, not a second one.
    const again = await create(token, form({ tool: 'remove-background' }, [{ field: 'images', name: 'first.png', bytes: a }]), 'batch-one');
    expect(again.status).toBe(200);
    expect((await again.json()).batch.id).toBe(batch.id);

    const done = await until(token, batch.id, settled);
    expect(done.counts).toMatchObject({ done: 2, refused: 2, failed: 0 });
    expect(done.items[0]).toMatchObject({ state: 'done', creationId: expect.any(String), content: expect.stringMatching(/\/files\/results\//) });
    expect(await used(user.id)).toBe(2);
    expect(await held(user.id)).toBe(0);
    // The owner's list says which creations came from the batch (the dashboard groups them).
    const own = (await (await fetch(`${app.url}/api/user/get-user-creations`, { headers: authed(token) })).json()).creations as Array<{ batch_id?: string }>;
    expect(own.map((c) => c.batch_id)).toEqual([batch.id, batch.id]);

    const zip = await fetch(`${app.url}/api/batches/${batch.id}/download`, { headers: authed(token) });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['001-first.png', '002-second.png']);
    for (const bytes of Object.values(entries)) expect((await sharp(Buffer.from(bytes)).metadata()).format).toBe('png');

    expect((await db.query('SELECT count(*)::int AS n FROM batches WHERE user_id = $1', [user.id])).rows[0].n).toBe(1);

    // More images, one of them already in the batch (a chunk sent again): only the new one runs.
    const more = await fetch(`${app.url}/api/batches/${batch.id}/items`, {
      method: 'POST', headers: authed(token),
      body: form({}, [{ field: 'images', name: 'first-again.png', bytes: a }, { field: 'images', name: 'third.png', bytes: await picture(14) }]),
    });
    expect(more.status).toBe(200);
    const grown = await until(token, batch.id, settled);
    expect(grown.items.slice(4).map((i) => [i.fileName, i.state])).toEqual([['first-again.png', 'refused'], ['third.png', 'done']]);
    expect(await used(user.id)).toBe(3);
    const list = (await (await fetch(`${app.url}/api/batches`, { headers: authed(token) })).json()).batches;
    expect(list).toEqual([expect.objectContaining({ id: batch.id, counts: expect.objectContaining({ done: 3 }) })]);

    // Someone else sees nothing of it.
    const stranger = await signUp(app.url);
    for (const [method, suffix] of [['GET', ''], ['POST', '/cancel'], ['GET', '/download']] as const) {
      expect((await fetch(`${app.url}/api/batches/${batch.id}${suffix}`, { method, headers: authed(stranger.token) })).status, suffix).toBe(404);
    }
  }, 240_000);

  it('when the quota left cannot hold every image, then the batch is refused with the number left and nothing is written', async () => {
    const { token, user } = await signUp(app.url);
    const quota = (await (await fetch(`${app.url}/api/user/usage`, { headers: authed(token) })).json()).tools['remove-background'].limit as number;
    await db.query(`INSERT INTO usage_counters (user_id, tool, period, used) VALUES ($1, 'remove-background', $2, $3)`, [user.id, currentPeriod(), quota - 1]);
    const before = uploads().length;
    const res = await create(token, form({ tool: 'remove-background' }, [
      { field: 'images', name: 'a.png', bytes: await picture(3) },
      { field: 'images', name: 'b.png', bytes: await picture(4) },
    ]));
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ code: 'quota_exceeded', message: expect.stringMatching(/2 images to run, and you have 1 use of Background Removal left/) });
    expect((await db.query('SELECT count(*)::int AS n FROM batches WHERE user_id = $1', [user.id])).rows[0].n).toBe(0);
    expect(await held(user.id)).toBe(0);
    expect(uploads().length).toBe(before);
  });

  it('when a zip holds images, a path outside it and a text file, then the images run and the rest are refused; a zip bomb is refused whole', async () => {
    const { token } = await signUp(app.url);
    const zip = Buffer.from(zipSync({ 'shop/one.png': await picture(5), '../escape.png': await picture(7), 'readme.txt': new TextEncoder().encode('hi') }));
    const res = await create(token, form({ tool: 'remove-background' }, [{ field: 'zip', name: 'photos.zip', bytes: zip, type: 'application/zip' }]));
    expect(res.status).toBe(201);
    const { batch } = (await res.json()) as { batch: BatchView };
    expect(batch.items.map((i) => [i.fileName, i.state === 'refused' ? i.code : 'runs'])).toEqual([
      ['one.png', 'runs'], ['escape.png', 'bad_request'], ['readme.txt', 'unsupported_media_type'],
    ]);
    expect((await until(token, batch.id, settled)).counts).toMatchObject({ done: 1, refused: 2 });

    const bomb = Buffer.from(zipSync({ 'zeros.png': new Uint8Array(200 * 1024 * 1024) }, { level: 9 }));
    const refused = await create(token, form({ tool: 'remove-background' }, [{ field: 'zip', name: 'bomb.zip', bytes: bomb, type: 'application/zip' }]));
    expect(refused.status).toBe(413);
    expect((await refused.json()).message).toMatch(/unpacks to more than 150 MB/);
  }, 240_000);

  it('when the marketplace preset is chosen, then the image is finished on white in a 2000 px square and Download all holds a JPEG', async () => {
    const { token } = await signUp(app.url);
    const res = await create(token, form({ tool: 'remove-background', preset: 'marketplace' }, [
      { field: 'images', name: 'mug.png', bytes: await picture(15) },
    ]));
    expect(res.status).toBe(201);
    const { batch } = (await res.json()) as { batch: BatchView };
    expect(batch.preset).toBe('marketplace');
    const done = await until(token, batch.id, settled);
    expect(done.counts.done).toBe(1);
    const zip = await fetch(`${app.url}/api/batches/${batch.id}/download`, { headers: authed(token) });
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['001-mug.jpg']);
    for (const bytes of Object.values(entries)) {
      const image = sharp(Buffer.from(bytes));
      expect(await image.metadata()).toMatchObject({ format: 'jpeg', width: 2000, height: 2000 });
      // The margin is the preset's white; the subject sits in the middle.
      const { data } = await image.clone().extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect([...data].every((v) => v > 245)).toBe(true);
    }
    // A preset belongs to Background Removal only.
    const wrong = await create(token, form({ tool: 'remove-object', object: 'cup', preset: 'marketplace' }, [{ field: 'images', name: 'x.png', bytes: await picture(17) }]));
    expect(wrong.status).toBe(400);
  }, 240_000);

  it('when one image is sent with the profile-picture preset and a colour, then it comes back as an 800 px square on that colour, and downloads as JPEG too', async () => {
    const { token } = await signUp(app.url);
    const body = form({ preset: 'profile-picture', colour: '#112233' }, [{ field: 'image', name: 'me.png', bytes: await picture(18) }]);
    const res = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: authed(token), body });
    expect(res.status).toBe(200);
    const { content, creationId } = await res.json();
    const png = Buffer.from(await (await fetch(new URL(content, app.url), { headers: authed(token) })).arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ width: 800, height: 800 });
    const { data } = await sharp(png).extract({ left: 2, top: 2, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([0x11, 0x22, 0x33]);
    const jpg = await fetch(`${app.url}/api/creations/${creationId}/download?format=jpg`, { headers: authed(token) });
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await jpg.arrayBuffer())).metadata()).format).toBe('jpeg');
    // A colour without a preset says what it goes with.
    const lone = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: authed(token), body: form({ colour: '#112233' }, [{ field: 'image', name: 'me.png', bytes: await picture(19) }]) });
    expect(lone.status).toBe(400);
    expect((await lone.json()).message).toMatch(/colour goes with a preset/);
  }, 240_000);

  it('when an earlier result is worked on again by its id, then no file is sent, the new creation is linked to it, and only its owner can do so', async () => {
    const { token } = await signUp(app.url);
    const first = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: authed(token), body: form({}, [{ field: 'image', name: 'mug.png', bytes: await picture(20) }]) });
    const { creationId: sourceId } = await first.json();
    // Put it on white as a marketplace photo, from the stored cut-out: no upload.
    const again = await fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: authed(token), body: form({ source: sourceId, preset: 'marketplace' }, []) });
    expect(again.status).toBe(200);
    const { creationId } = await again.json();
    const own = (await (await fetch(`${app.url}/api/user/get-user-creations`, { headers: authed(token) })).json()).creations as Array<{ id: string; source_id?: string }>;
    expect(own.find((c) => c.id === creationId)?.source_id).toBe(sourceId);
    expect(own.find((c) => c.id === sourceId)?.source_id).toBeUndefined();
    // Someone else's creation, or a made-up id, is not a source.
    const stranger = await signUp(app.url);
    for (const source of [sourceId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const refused = await fetch(`${app.url}/api/ai/remove-image-object`, { method: 'POST', headers: authed(stranger.token), body: form({ source, object: 'cup' }, []) });
      expect(refused.status, source).toBe(404);
    }
  }, 240_000);

  it('when an Object Removal batch carries a brush mask, then every image is worked on under that mask scaled to its own size', async () => {
    const { token, user } = await signUp(app.url);
    // Two sizes, each with a disc on the left under the mask and a square on the right outside it.
    const scene = (width: number) => sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="96"><rect width="${width}" height="96" fill="#eee"/><circle cx="${width / 4}" cy="48" r="18" fill="#d33"/><rect x="${width - 30}" y="36" width="20" height="24" fill="#33d"/></svg>`)).png().toBuffer();
    const [narrow, wide] = [await scene(96), await scene(192)];
    // Drawn on a 48×48 first image: its left half.
    const mask = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: 24, height: 48, channels: 3, background: '#fff' } }, left: 0, top: 0 }]).png().toBuffer();
    const res = await create(token, form({ tool: 'remove-object', object: 'disc' }, [
      { field: 'images', name: 'narrow.png', bytes: narrow },
      { field: 'images', name: 'wide.png', bytes: wide },
      { field: 'mask', name: 'mask.png', bytes: mask },
    ]));
    expect(res.status).toBe(201);
    const { batch } = (await res.json()) as { batch: BatchView };
    expect(batch).toMatchObject({ tool: 'remove-object', mask: true });
    const done = await until(token, batch.id, settled);
    expect(done.counts).toMatchObject({ done: 2, failed: 0 });
    expect(await used(user.id, 'remove-object')).toBe(2);
    // The list says so too (it reads whether there is a mask, not the mask itself).
    const list = (await (await fetch(`${app.url}/api/batches`, { headers: authed(token) })).json()).batches as BatchView[];
    expect(list.find((b) => b.id === batch.id)).toMatchObject({ mask: true });
    for (const [index, input] of [narrow, wide].entries()) {
      const width = index === 0 ? 96 : 192;
      const result = Buffer.from(await (await fetch(`${app.url}${done.items[index]!.content}`, { headers: authed(token) })).arrayBuffer());
      expect(await sharp(result).metadata(), `item ${index}`).toMatchObject({ width, height: 96 });
      const red = async (png: Buffer) => {
        const { data } = await sharp(png).extract({ left: width / 4 - 4, top: 44, width: 8, height: 8 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        return data[0]! - data[2]!;
      };
      // Under the mask (the left half, wherever it is on this size) the disc is gone ...
      expect(await red(input), `item ${index}`).toBeGreaterThan(100);
      expect(await red(result), `item ${index}`).toBeLessThan(40);
      // ... and what lies outside it is kept.
      const square = async (png: Buffer) => [...(await sharp(png).extract({ left: width - 24, top: 44, width: 8, height: 8 }).removeAlpha().raw().toBuffer())].slice(0, 3);
      expect(await square(result), `item ${index}`).toEqual(await square(input));
    }
  }, 300_000);

  it('when a batch\'s mask is not usable, then it is refused naming the mask (400; 415 for a file that is no image), and no batch, upload or use is left', async () => {
    const { token, user } = await signUp(app.url);
    const before = uploads().length;
    const images = [{ field: 'images', name: 'a.png', bytes: await picture(21) }];
    const whole = await picture(22);
    // Checked as the single-image mask upload is: cut off (a readable header, missing pixels) or
    // empty is a 400; a file that is no image at all is a 415, as it is there.
    const cases: Array<[Buffer, number, string]> = [
      [whole.subarray(0, Math.floor(whole.length * 0.6)), 400, 'bad_request'],
      [Buffer.alloc(0), 400, 'bad_request'],
      [Buffer.from('not a picture'), 415, 'unsupported_media_type'],
    ];
    for (const [bad, status, code] of cases) {
      const res = await create(token, form({ tool: 'remove-object', object: 'disc' }, [...images, { field: 'mask', name: 'mask.png', bytes: bad }]));
      expect(res.status, code).toBe(status);
      expect(await res.json()).toMatchObject({ code, message: expect.stringMatching(/^The mask cannot be used: /) });
    }
    const onBackground = await create(token, form({ tool: 'remove-background' }, [...images, { field: 'mask', name: 'mask.png', bytes: await picture(23) }]));
    expect(onBackground.status).toBe(400);
    expect((await onBackground.json()).message).toBe('A mask goes with Object Removal: use it with tool remove-object.');
    expect((await db.query('SELECT count(*)::int AS n FROM batches WHERE user_id = $1', [user.id])).rows[0].n).toBe(0);
    expect(await used(user.id, 'remove-object')).toBe(0);
    expect(await held(user.id)).toBe(0);
    expect(uploads().length).toBe(before);
  }, 120_000);

  it('when a batch is cancelled, then what had not finished is not charged and nothing stays held', async () => {
    const { token, user } = await signUp(app.url);
    const files = await Promise.all([8, 9, 10, 11, 12].map(async (n) => ({ field: 'images', name: `p${n}.png`, bytes: await picture(n) })));
    const res = await create(token, form({ tool: 'remove-background' }, files));
    const { batch } = (await res.json()) as { batch: BatchView };
    const cancelled = await fetch(`${app.url}/api/batches/${batch.id}/cancel`, { method: 'POST', headers: authed(token) });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).batch.cancelled).toBe(true);
    const end = await until(token, batch.id, settled);
    expect(end.counts.cancelled).toBeGreaterThan(0);
    expect(end.counts.done + end.counts.cancelled).toBe(5);
    await sleep(1000);
    expect(await used(user.id)).toBe(end.counts.done);
    expect(await held(user.id)).toBe(0);
    // No more images go into a cancelled batch.
    const more = await fetch(`${app.url}/api/batches/${batch.id}/items`, { method: 'POST', headers: authed(token), body: form({}, [{ field: 'images', name: 'late.png', bytes: await picture(13) }]) });
    expect(more.status).toBe(409);
  }, 240_000);
});
