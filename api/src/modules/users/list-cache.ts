/**
 * Short-lived copies of list replies (the gallery's pages, each user's own pages and counters),
 * kept as the serialized JSON with its ETag, so a busy gallery costs one query per change instead
 * of one per request. A copy is dropped as soon as Postgres announces a change to the lists it
 * came from (core/repositories/creation-changes.ts: every writer, every replica), and the api's
 * own writes drop theirs before they reply. While those notices are not heard, nothing is kept.
 * Concurrent misses of one page share one query.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** A safety net only: changes drop copies at once. */
export const LIST_CACHE_TTL_MS = 5_000;
const MAX_GALLERY_PAGES = 500;
const MAX_USER_ENTRIES = 5_000;

export interface CachedReply {
  body: Buffer;
  etag: string;
}

interface Entry { reply: CachedReply; expiresAt: number }
interface Loading { generation: number; promise: Promise<CachedReply> }

export interface ListCache {
  /** The reply of the gallery page `key`, from the copy or from `load()`. */
  gallery(key: string, load: () => Promise<unknown>): Promise<CachedReply>;
  /** The reply of one of `userId`'s own lists (`key` names the list and page). */
  ofUser(userId: string, key: string, load: () => Promise<unknown>): Promise<CachedReply>;
  /** The lists of `userId` and the gallery changed. */
  changed(userId: string): void;
  /** Anything may have changed. */
  reset(): void;
}

/** The ETag Express would compute (weak, length and SHA-1), computed once per copy. */
export function serialize(value: unknown): CachedReply {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return { body, etag: `W/"${body.length.toString(16)}-${hash}"` };
}

/** Sends a list reply; a request whose If-None-Match names it gets 304 (Express checks freshness). */
export function sendCached(res: Response, reply: CachedReply): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', reply.etag);
  res.send(reply.body);
}

/**
 * `enabled()` says whether change notices are heard right now; without them every call loads.
 */
export function createListCache(enabled: () => boolean, now: () => number = Date.now): ListCache {
  const galleryPages = new Map<string, Entry>();
  const userEntries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  const loading = new Map<string, Loading>();
  // Bumped by every change: a load that started before one does not keep its (maybe stale) reply.
  let generation = 0;

  const forgetUserEntries = (userId: string) => {
    const keys = keysOfUser.get(userId);
    if (!keys) return;
    for (const key of keys) userEntries.delete(key);
    keysOfUser.delete(userId);
  };

  const keep = (map: Map<string, Entry>, max: number, key: string, reply: CachedReply, userId?: string) => {
    if (map.size >= max) {
      const oldest = map.keys().next().value as string;
      map.delete(oldest);
    }
    map.set(key, { reply, expiresAt: now() + LIST_CACHE_TTL_MS });
    if (userId) {
      // Entries pushed out above leave their names behind: start over before those pile up.
      if (keysOfUser.size > MAX_USER_ENTRIES) {
        userEntries.clear();
        keysOfUser.clear();
        map.set(key, { reply, expiresAt: now() + LIST_CACHE_TTL_MS });
      }
      let keys = keysOfUser.get(userId);
      if (!keys) keysOfUser.set(userId, (keys = new Set()));
      keys.add(key);
    }
  };

  async function cached(map: Map<string, Entry>, max: number, key: string, load: () => Promise<unknown>, userId?: string): Promise<CachedReply> {
    if (!enabled()) return serialize(await load());
    const hit = map.get(key);
    if (hit && hit.expiresAt > now()) return hit.reply;
    const pending = loading.get(key);
    if (pending && pending.generation === generation) return pending.promise;
    const startedAt = generation;
    const promise = load().then(serialize);
    loading.set(key, { generation: startedAt, promise });
    try {
      const reply = await promise;
      if (startedAt === generation && enabled()) keep(map, max, key, reply, userId);
      return reply;
    } finally {
      if (loading.get(key)?.promise === promise) loading.delete(key);
    }
  }

  return {
    gallery: (key, load) => cached(galleryPages, MAX_GALLERY_PAGES, `gallery:${key}`, load),
    ofUser: (userId, key, load) => cached(userEntries, MAX_USER_ENTRIES, `user:${userId}:${key}`, load, userId),
    changed(userId) {
      generation++;
      galleryPages.clear();
      forgetUserEntries(userId);
    },
    reset() {
      generation++;
      galleryPages.clear();
      userEntries.clear();
      keysOfUser.clear();
    },
  };
}
