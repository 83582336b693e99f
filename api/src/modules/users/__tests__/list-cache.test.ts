import { describe, expect, it } from 'vitest';
import { createListCache, LIST_CACHE_TTL_MS } from '../list-cache.js';

const json = (reply: { body: Buffer }) => JSON.parse(reply.body.toString('utf8'));

describe('list cache', () => {
  it('when a page is read twice, then it loads once; after a change to any user or the TTL, it loads again', async () => {
    let clock = 0;
    const cache = createListCache(() => true, () => clock);
    let loads = 0;
    const load = async () => ({ success: true, creations: [], n: ++loads });
    expect(json(await cache.gallery('24:', load)).n).toBe(1);
    expect(json(await cache.gallery('24:', load)).n).toBe(1);
    cache.changed('someone');
    expect(json(await cache.gallery('24:', load)).n).toBe(2);
    clock = LIST_CACHE_TTL_MS + 1;
    expect(json(await cache.gallery('24:', load)).n).toBe(3);
  });

  it('when one user’s lists change, then only that user’s copies go', async () => {
    const cache = createListCache(() => true);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.ofUser('ann', 'own:20:', load);
    await cache.ofUser('bob', 'own:20:', load);
    cache.changed('ann');
    expect(json(await cache.ofUser('ann', 'own:20:', load)).n).toBe(3);
    expect(json(await cache.ofUser('bob', 'own:20:', load)).n).toBe(2);
  });

  it('when a change comes while a page loads, then that (maybe stale) reply is not kept', async () => {
    const cache = createListCache(() => true);
    let loads = 0;
    let release: () => void = () => undefined;
    const slow = () => new Promise<{ n: number }>((resolve) => { const n = ++loads; release = () => resolve({ n }); });
    const pending = cache.gallery('24:', slow);
    await Promise.resolve();
    cache.changed('ann');
    release();
    expect(json(await pending).n).toBe(1);
    const next = cache.gallery('24:', slow);
    await Promise.resolve();
    release();
    expect(json(await next).n).toBe(2);
  });

  it('when many requests miss at once, then they share one load; a failed load is not kept', async () => {
    const cache = createListCache(() => true);
    let loads = 0;
    const load = async () => { loads += 1; await new Promise((r) => setTimeout(r, 10)); return { ok: true }; };
    await Promise.all(Array.from({ length: 20 }, () => cache.gallery('24:', load)));
    expect(loads).toBe(1);
    const failing = async () => { throw new Error('db down'); };
    await expect(cache.gallery('other', failing)).rejects.toThrow('db down');
    expect(json(await cache.gallery('other', async () => ({ ok: 'again' }))).ok).toBe('again');
  });

  it('when change notices are not heard, then nothing is kept', async () => {
    let listening = false;
    const cache = createListCache(() => listening);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.gallery('24:', load);
    await cache.gallery('24:', load);
    expect(loads).toBe(2);
    listening = true;
    await cache.gallery('24:', load);
    await cache.gallery('24:', load);
    expect(loads).toBe(3);
  });

  it('when a reply is kept, then its ETag is the weak length-and-SHA-1 tag Express would send', async () => {
    const cache = createListCache(() => true);
    const reply = await cache.gallery('24:', async () => ({ success: true }));
    expect(reply.body.toString()).toBe('{"success":true}');
    expect(reply.etag).toMatch(/^W\/"10-[A-Za-z0-9+/]{27}"$/);
  });
});
