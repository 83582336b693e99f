import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../session-cache.js';
import type { AuthUser } from '../types.js';

const ada: AuthUser = { id: 'u1', name: 'Ada', email: 'ada@example.com', image: null, plan: 'free', isAdmin: false };

describe('session cache (in-memory)', () => {
  it('when a token is peeked at, then only a cached, unexpired, not dropped user is answered, without loading', async () => {
    let clock = 0;
    const cache = await createSessionCache({ ttlMs: 5_000, now: () => clock });
    expect(cache.peek('t1')).toBeUndefined();
    await cache.remember('t1', async () => ada);
    expect(cache.peek('t1')).toEqual(ada);
    await cache.forgetToken('t1');
    expect(cache.peek('t1')).toBeUndefined();
    await cache.remember('t1', async () => ada);
    clock = 5_001;
    expect(cache.peek('t1')).toBeUndefined();
  });

  it('when a token is looked up twice within the TTL, then the loader runs once; after the TTL, again', async () => {
    let clock = 0;
    const cache = await createSessionCache({ ttlMs: 5_000, now: () => clock });
    let loads = 0;
    const load = async () => { loads += 1; return ada; };
    expect(await cache.remember('t1', load)).toEqual(ada);
    expect(await cache.remember('t1', load)).toEqual(ada);
    expect(loads).toBe(1);
    clock = 5_001;
    await cache.remember('t1', load);
    expect(loads).toBe(2);
  });

  it('when a token or its user is dropped, then the next lookup loads again', async () => {
    const cache = await createSessionCache();
    let loads = 0;
    const load = async () => { loads += 1; return ada; };
    await cache.remember('t1', load);
    await cache.remember('t2', load);
    await cache.forgetToken('t1');
    await cache.remember('t1', load);
    await cache.remember('t2', load);
    expect(loads).toBe(3);
    await cache.forgetUser('u1');
    await cache.remember('t1', load);
    await cache.remember('t2', load);
    expect(loads).toBe(5);
  });

  it('when a drop happens while a lookup is in flight, then that (maybe stale) answer is not cached', async () => {
    const cache = await createSessionCache();
    let release: () => void = () => undefined;
    const slow = cache.remember('t1', () => new Promise<AuthUser>((resolve) => { release = () => resolve(ada); }));
    await cache.forgetUser('u1');
    release();
    expect(await slow).toEqual(ada);
    let loads = 0;
    await cache.remember('t1', async () => { loads += 1; return null; });
    expect(loads).toBe(1);
  });

  it('when the token is unknown, then nothing is cached and the next request asks again', async () => {
    const cache = await createSessionCache();
    let loads = 0;
    const load = async () => { loads += 1; return null; };
    expect(await cache.remember('bad', load)).toBeNull();
    expect(await cache.remember('bad', load)).toBeNull();
    expect(loads).toBe(2);
  });
});
