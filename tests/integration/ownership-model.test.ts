/**
 * Ownership, model-based: seeded random sequences of the documented API operations (read from
 * GET /api/openapi.json), plus better-auth's update-user and the avatar upload, sent by user B
 * with arbitrary strings in every field (A's file URLs and ids among them) and with every
 * credential mix (its session, an API key, a bearer that does not resolve plus its cookie),
 * while user A uploads, publishes, unpublishes and deletes its own. After every step: each
 * object A owns still exists and is still A's, and B can read none of A's private ones.
 * The AI tools (/api/ai/*) are left out (they run models); their `source` is checked in
 * batches.test.ts. The image edits (/api/images/*) are in: their `source` names a creation, and B
 * never gets a creation made from one of A's. A failure names the seed and step; MODEL_SEED=<n>
 * replays one sequence.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectKey } from '@craftwell/storage/keys';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const PASSWORD = 'correct horse battery';
const STEPS = 40;
const SEEDS = process.env.MODEL_SEED ? [Number(process.env.MODEL_SEED)] : [1, 2];

/** mulberry32: a small seeded generator, so a failing sequence can be replayed. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)], chance: (p: number) => next() < p };
}

type Schema = { properties?: Record<string, { type?: string | string[]; enum?: unknown[]; contentMediaType?: string }> };
interface Operation { method: string; path: string; schema?: Schema; multipart?: Schema }
interface Account { token: string; id: string; email: string; cookie: string; keys: string[] }
interface AObject { key: string; creationId: string | null; private: boolean }

describe.skipIf(!postgresUrl)('ownership under random sequences of documented operations', () => {
  let app: TestApp;
  let db: pg.Client;
  let operations: Operation[];
  const objectPath = (key: string) => path.join(app.dataDir, 'objects', key);

  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl! });
    db = new pg.Client({ connectionString: app.database.url });
    await db.connect();
    const doc = await (await fetch(`${app.url}/api/openapi.json`)).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Operation['schema'] }> } }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(), path: p,
      schema: op.requestBody?.content['application/json']?.schema,
      multipart: op.requestBody?.content['multipart/form-data']?.schema,
    }))).filter((op) => !op.path.startsWith('/api/ai/'));
  }, 300_000);

  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  async function account(): Promise<Account> {
    const made = await signUp(app.url, { password: PASSWORD });
    const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: made.email, password: PASSWORD }),
    });
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return { token: made.token, id: made.user.id, email: made.email, cookie, keys: [] };
  }

  const png = (seed: number) => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 99 } } }).png().toBuffer();
  /** A cut-out (a half-transparent result), so an edit taking it as its source would succeed if allowed. */
  const cutout = (seed: number) => sharp({ create: { width: 8, height: 8, channels: 4, background: { r: seed % 256, g: 9, b: 99, alpha: 0.5 } } }).png().toBuffer();

  /** A result as the worker stores it: the object, then the creation row naming it. */
  async function storeResult(userId: string, publish: boolean, seed: number): Promise<AObject> {
    const key = newObjectKey('results', 'png');
    fs.mkdirSync(path.dirname(objectPath(key)), { recursive: true });
    fs.writeFileSync(objectPath(key), await cutout(seed));
    const { rows } = await db.query(
      "INSERT INTO creations (user_id, type, prompt, content, publish, object_key) VALUES ($1, 'image', 'model', $2, $3, $4) RETURNING id",
      [userId, `/files/${key}`, publish, key],
    );
    return { key, creationId: rows[0].id, private: !publish };
  }

  async function uploadAvatar(token: string, seed: number): Promise<Response> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await png(seed))], { type: 'image/png' }), 'me.png');
    return fetch(`${app.url}/api/user/avatar`, { method: 'POST', headers: authed(token), body: form });
  }

  for (const seed of SEEDS) {
    it(`seed ${seed}: after every step A's objects exist and stay A's, and B reads none of A's private ones`, async () => {
      const rng = generator(seed);
      const a = await account();
      let b = await account();
      const aObjects = new Map<string, AObject>();
      const bCreations: string[] = [];
      for (let i = 0; i < 3; i++) {
        const o = await storeResult(a.id, i === 0, seed * 100 + i);
        aObjects.set(o.key, o);
      }
      const avatar = await (await uploadAvatar(a.token, seed)).json();
      let aAvatarKey = String(avatar.content).replace('/files/', '');
      aObjects.set(aAvatarKey, { key: aAvatarKey, creationId: null, private: true });

      /** Strings B may put anywhere: A's objects by every spelling, A's ids, and plain noise. */
      const strings = () => {
        const keys = [...aObjects.keys()];
        const key = rng.pick(keys);
        const ids = [...aObjects.values()].map((o) => o.creationId).filter(Boolean) as string[];
        // Half the time a spelling the server would take for A's object.
        if (rng.chance(0.5)) return rng.pick([`/files/${key}`, `${app.url}/files/${key}`]);
        return rng.pick([
          `/files/${key}`, `${app.url}/files/${key}`, key, `/files/results/../${key}`, `${app.url}/files/${key}?x=1`,
          `https://elsewhere.example/files/${key}`, rng.pick(ids.length ? ids : [randomUUID()]), a.id, b.id, 'DELETE', PASSWORD,
          '', 'x'.repeat(300), randomUUID(), '../../etc/passwd', `/files/${key}#`, ` /files/${key}`,
        ]);
      };
      const idFor = () => {
        const ids = [...aObjects.values()].map((o) => o.creationId).filter(Boolean) as string[];
        return rng.pick([...ids, ...bCreations, a.id, b.id, randomUUID(), 'not-an-id']);
      };
      const valueFor = (name: string, prop: { type?: string | string[]; enum?: unknown[] }): unknown => {
        if (name === 'confirm') return rng.chance(0.7) ? 'DELETE' : strings();
        if (name === 'currentPassword') return rng.chance(0.7) ? PASSWORD : strings();
        if (prop.enum?.length && rng.chance(0.7)) return rng.pick(prop.enum);
        const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
        if (type === 'boolean') return rng.chance(0.5);
        if (type === 'number' || type === 'integer') return rng.pick([1, 7, 0, -1, 1e9]);
        if (type === 'array') return [strings()];
        return strings();
      };
      const credential = (): Record<string, string> => {
        const roll = rng.next();
        if (roll < 0.15 && b.keys.length) return authed(rng.pick(b.keys));
        if (roll < 0.35) return { authorization: rng.pick(['Bearer a.b', 'Bearer x', `Bearer ${b.token.slice(0, 20)}`, 'Basic eDp5']), cookie: b.cookie };
        return authed(b.token);
      };

      async function stepOfB(): Promise<string> {
        const roll = rng.next();
        if (roll < 0.25) {
          const body = { image: strings(), ...(rng.chance(0.3) ? { name: 'B' } : {}) };
          const headers = rng.pick([authed(b.token), { authorization: rng.pick(['Bearer a.b', 'Bearer x']), cookie: b.cookie }, { cookie: b.cookie }, credential()]);
          await fetch(`${app.url}/api/auth/update-user`, {
            method: 'POST', headers: { 'content-type': 'application/json', origin: app.url, ...headers }, body: JSON.stringify(body),
          });
          return `update-user ${JSON.stringify(body).slice(0, 120)}`;
        }
        if (roll < 0.32) {
          await uploadAvatar(b.token, Math.floor(rng.next() * 1000));
          return 'avatar';
        }
        if (roll < 0.37) {
          const echo = await fetch(`${app.url}/api/ai/test-echo`, {
            method: 'POST', headers: { 'content-type': 'application/json', ...authed(b.token) }, body: JSON.stringify({ text: strings() || 'x' }),
          });
          const own = await (await fetch(`${app.url}/api/user/get-user-creations`, { headers: authed(b.token) })).json();
          if (echo.ok && own.creations?.[0]) bCreations.push(own.creations[0].id);
          return 'test-echo';
        }
        const op = rng.pick(operations);
        const url = op.path.replace(/\{id\}/g, encodeURIComponent(idFor()));
        const headers: Record<string, string> = { ...credential() };
        let body: BodyInit | undefined;
        if (op.multipart) {
          const form = new FormData();
          form.append('image', new Blob([new Uint8Array(await png(7))], { type: 'image/png' }), 'x.png');
          form.append('note', strings());
          for (const [name, prop] of Object.entries(op.multipart.properties ?? {})) {
            if (!prop.contentMediaType) form.append(name, name === 'source' && rng.chance(0.7) ? idFor() : String(valueFor(name, prop)));
          }
          body = form;
        } else if (op.method !== 'GET') {
          const props = op.schema?.properties ?? {};
          body = JSON.stringify(Object.fromEntries(Object.entries(props).map(([name, prop]) => [name, valueFor(name, prop)])));
          headers['content-type'] = 'application/json';
        }
        const res = await fetch(`${app.url}${url}`, { method: op.method, headers, body });
        const reply = await res.json().catch(() => null);
        if (op.method === 'POST' && op.path === '/api/api-keys' && res.status === 201) b.keys.push(reply.key);
        if (op.method === 'DELETE' && op.path === '/api/account' && res.status === 200) b = await account();
        return `${op.method} ${url} ${typeof body === 'string' ? body.slice(0, 160) : ''} -> ${res.status}`;
      }

      async function stepOfA(): Promise<string> {
        const roll = rng.next();
        const own = [...aObjects.values()].filter((o) => o.creationId);
        if (roll < 0.3) {
          const o = await storeResult(a.id, rng.chance(0.5), Math.floor(rng.next() * 1e6));
          aObjects.set(o.key, o);
          return 'A stores a result';
        }
        if (roll < 0.5) {
          const res = await uploadAvatar(a.token, Math.floor(rng.next() * 1e6));
          const next = String((await res.json()).content).replace('/files/', '');
          aObjects.delete(aAvatarKey); // A replaced it: its own old picture may go
          aAvatarKey = next;
          aObjects.set(next, { key: next, creationId: null, private: true });
          return 'A replaces its avatar';
        }
        if (roll < 0.75 && own.length) {
          const o = rng.pick(own);
          await fetch(`${app.url}/api/creations/${o.creationId}/unpublish`, { method: 'POST', headers: authed(a.token) });
          o.private = true;
          return 'A unpublishes';
        }
        if (own.length > 1) {
          const o = rng.pick(own);
          const res = await fetch(`${app.url}/api/creations/${o.creationId}`, { method: 'DELETE', headers: authed(a.token) });
          expect(res.status).toBe(200);
          aObjects.delete(o.key);
          return 'A deletes a creation';
        }
        return 'A idles';
      }

      async function check(trace: string[]) {
        const where = `seed ${seed}, steps:\n${trace.join('\n')}`;
        for (const o of aObjects.values()) {
          expect(fs.existsSync(objectPath(o.key)), `A's ${o.key} is gone; ${where}`).toBe(true);
          const { rows } = await db.query(
            'SELECT (SELECT user_id FROM creations WHERE object_key = $1) AS creator, (SELECT user_id FROM stored_objects WHERE key = $1) AS holder', [o.key]);
          expect(rows[0].creator ?? rows[0].holder, `A's ${o.key} changed hands; ${where}`).toBe(a.id);
        }
        const privateOnes = [...aObjects.values()].filter((o) => o.private);
        for (const o of privateOnes.filter((p) => p.creationId)) {
          expect((await fetch(`${app.url}/api/creations/${o.creationId}/download`, { headers: authed(b.token) })).status, where).toBe(404);
          expect((await fetch(`${app.url}/api/user/creations/${o.creationId}`, { headers: authed(b.token) })).status, where).toBe(404);
        }
        const seen = JSON.stringify([
          await (await fetch(`${app.url}/api/me`, { headers: authed(b.token) })).json(),
          await (await fetch(`${app.url}/api/user/get-published-creations`, { headers: authed(b.token) })).json(),
        ]);
        for (const o of privateOnes) expect(seen.includes(o.key), `B sees A's private ${o.key}; ${where}`).toBe(false);
        const { rows: made } = await db.query(
          'SELECT count(*)::int AS n FROM creations d JOIN creations s ON s.id = d.source_id WHERE d.user_id = $1 AND s.user_id = $2', [b.id, a.id]);
        expect(made[0].n, `B made a creation from one of A's; ${where}`).toBe(0);
      }

      const trace: string[] = [];
      await check(trace);
      for (let step = 0; step < STEPS; step++) {
        trace.push(`${step}: ${rng.chance(0.2) ? await stepOfA() : await stepOfB()}`);
        await check(trace);
      }
      // Whatever B gathered, its export holds none of A's private objects.
      const zip = Buffer.from(await (await fetch(`${app.url}/api/account/export`, { headers: authed(b.token) })).arrayBuffer());
      for (const o of aObjects.values()) if (o.private) expect(zip.includes(path.basename(o.key)), `export; seed ${seed}`).toBe(false);
    }, 600_000);
  }
});
