/**
 * A full disk: uploads and results that cannot be written answer 507 "storage full" with nothing
 * charged and nothing half-written, /readyz reports storage low on space before that and not ready
 * once full, and both recover when space is freed. DATA_DIR is a real 16 MB tmpfs (needs root to
 * mount; skipped otherwise).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');
const canMount = process.getuid?.() === 0;

/** Writes until the disk is full, or until `bytes` are written. */
function fillUp(dir: string, bytes = Infinity, name = 'filler'): string {
  const filler = path.join(dir, name);
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(4096, 1);
  try {
    for (let written = 0; written < bytes; written += chunk.length) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

describe.skipIf(!postgresUrl || !canMount)('storage full', () => {
  let mountPoint: string;
  let app: TestApp;
  let token: string;
  let png: Buffer;

  const usage = async () => (await (await fetch(`${app.url}/api/user/usage`, { headers: authed(token) })).json()).tools['remove-background'];
  const removeBackground = () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    return fetch(`${app.url}/api/ai/remove-image-background`, { method: 'POST', headers: authed(token), body: form });
  };
  const imageJob = () => fetch(`${app.url}/api/ai/test-echo`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) }, body: JSON.stringify({ text: 'x', mode: 'image' }),
  });

  beforeAll(async () => {
    mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'craftwell-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint]);
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } }).png().toBuffer();
    app = await startTestApp({ postgresUrl: postgresUrl!, redisUrl: null, env: { DATA_DIR: mountPoint, STORAGE_MIN_FREE_MB: '8' } });
    await signUp(app.url); // the first account is the administrator; test as a free user
    token = (await signUp(app.url)).token;
  }, 120_000);

  afterAll(async () => {
    await app?.stop().catch(() => undefined);
    if (mountPoint) {
      try { execFileSync('umount', [mountPoint]); } catch { /* not mounted */ }
      fs.rmSync(mountPoint, { recursive: true, force: true });
    }
  });

  /** /readyz once its answer has been refreshed (it is reused for a second). */
  const readyz = async () => {
    await new Promise((r) => setTimeout(r, 1_100));
    const res = await fetch(`${app.url}/readyz`);
    return { status: res.status, body: await res.json() };
  };

  it('when free space falls below STORAGE_MIN_FREE_MB, then readyz says storage is low on space (degraded, still serving)', async () => {
    expect(await readyz()).toMatchObject({ status: 200, body: { checks: { storage: 'ok' } } });
    const filler = fillUp(mountPoint, 12 * 1024 * 1024, 'low-filler');
    try {
      const low = await readyz();
      expect(low).toMatchObject({ status: 200, body: { status: 'degraded', checks: { storage: 'low on space' } } });
      expect(low.body.storageFreeMb).toBeLessThan(8);
    } finally {
      fs.rmSync(filler);
    }
    expect(await readyz()).toMatchObject({ status: 200, body: { checks: { storage: 'ok' } } });
  }, 60_000);

  it('when the disk is full, then uploads and results answer 507 with nothing charged, readyz says storage is not ready, and it recovers', async () => {
    const filler = fillUp(mountPoint);

    const upload = await removeBackground();
    expect(upload.status).toBe(507);
    expect((await upload.json()).message).toMatch(/storage is full/i);
    expect(await usage()).toMatchObject({ used: 0, reserved: 0 });

    const result = await imageJob();
    expect(result.status).toBe(507);
    expect((await result.json()).message).toMatch(/storage is full/i);

    const ready = await readyz();
    expect(ready.status).toBe(503);
    expect(ready.body.checks.storage).not.toBe('ok');

    fs.rmSync(filler);
    expect((await readyz()).status).toBe(200);
    expect((await imageJob()).status).toBe(200);
  }, 120_000);
});
