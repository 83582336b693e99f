/**
 * A short-lived cache of bearer token -> user, so a signed-in request does not cost a session
 * query. Entries live a few seconds; sign-out, password change and profile edits drop them at
 * once. With Redis, drops are published on a channel so every api replica forgets them too, and
 * a drop returns only once every replica that heard it has said it applied it (or after
 * DROP_ACK_WAIT_MS, when a replica is stuck: its entries still end with the TTL). Without the
 * wait, a reply could reach the caller before a busy replica had read the drop off its socket.
 * Tokens are kept (and published) only as SHA-256 digests.
 */
import { hash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AuthUser } from './types.js';

export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;
/** How long a drop waits for the other replicas' acknowledgements. */
export const DROP_ACK_WAIT_MS = 1_000;

export interface SessionCache {
  /** The cached user of a token, else `load()`'s answer (cached unless a drop happened meanwhile). */
  remember(token: string, load: () => Promise<AuthUser | null>): Promise<AuthUser | null>;
  /** The cached user of a token, if any, without loading. */
  peek(token: string): AuthUser | undefined;
  /** Forgets one token here and on every replica. */
  forgetToken(token: string): Promise<void>;
  /** Forgets every token of a user here and on every replica. */
  forgetUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry { user: AuthUser; expiresAt: number }
type Drop = { token: string } | { user: string };
/** On the channel: a drop (its id asks for acknowledgements) or an acknowledgement of one. */
type Message = (Drop & { id?: string }) | { ack: string };

export interface SessionCacheOptions {
  ttlMs?: number;
  /** Shares drops between replicas; without it the cache is private to this process. */
  redisUrl?: string;
  channel?: string;
  now?: () => number;
  ackWaitMs?: number;
}

/** One-shot hash: a third of createHash()'s cost, and every authenticated call pays it. */
export function digestToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/** A message of this channel's shapes, or null for anything else published on it. */
function parseMessage(text: string): Message | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { ack, token, user, id } = value as Record<string, unknown>;
  if (id !== undefined && typeof id !== 'string') return null;
  if (typeof ack === 'string') return { ack };
  if (typeof token === 'string') return { token, ...(id ? { id } : {}) };
  if (typeof user === 'string') return { user, ...(id ? { id } : {}) };
  return null;
}

export async function createSessionCache(options: SessionCacheOptions = {}): Promise<SessionCache> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const ackWaitMs = options.ackWaitMs ?? DROP_ACK_WAIT_MS;
  // Drops of this replica's that wait for acknowledgements, by id.
  const awaiting = new Map<string, { heard: () => void }>();
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const tokensOfUser = new Map<string, Set<string>>();
  // Bumped by every drop: a lookup that started before a drop does not store its (maybe stale) answer.
  let generation = 0;

  const removeEntry = (digest: string) => {
    const entry = entries.get(digest);
    if (!entry) return;
    entries.delete(digest);
    const tokens = tokensOfUser.get(entry.user.id);
    tokens?.delete(digest);
    if (tokens && !tokens.size) tokensOfUser.delete(entry.user.id);
  };

  const applyDrop = (drop: Drop) => {
    generation++;
    if ('token' in drop) removeEntry(drop.token);
    else for (const digest of [...(tokensOfUser.get(drop.user) ?? [])]) removeEntry(digest);
  };

  const store = (digest: string, user: AuthUser) => {
    removeEntry(digest);
    // Oldest first out when full (a Map iterates in insertion order).
    if (entries.size >= MAX_ENTRIES) removeEntry(entries.keys().next().value as string);
    entries.set(digest, { user, expiresAt: now() + ttlMs });
    let tokens = tokensOfUser.get(user.id);
    if (!tokens) tokensOfUser.set(user.id, (tokens = new Set()));
    tokens.add(digest);
  };

  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  // True only while the subscription is confirmed: drops can be missed from a connection drop
  // until Redis has answered the (re)subscription, and nothing is cached meanwhile.
  let listening = false;
  const channel = options.channel ?? 'craftwell:session-drops';
  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    // ioredis re-subscribes by itself after a reconnect without awaiting it: a connection closed
    // before Redis answers turns that into an unhandled rejection (seen at shutdown right after a
    // Redis restart). This cache subscribes itself on every connection, and handles the answer.
    subscriber = new Redis(options.redisUrl, { lazyConnect: true, autoResubscribe: false });
    const sub = subscriber;
    let firstSubscription: Promise<unknown> | null = null;
    sub.on('close', () => { listening = false; });
    // While the subscription is down this replica could miss drops: it stops caching (see
    // subscribed()) and forgets everything once it is back.
    sub.on('ready', () => {
      generation++;
      entries.clear();
      tokensOfUser.clear();
      const subscribing = sub.subscribe(channel).then(() => { listening = true; });
      if (firstSubscription) subscribing.catch(() => undefined);
      else firstSubscription = subscribing;
    });
    sub.on('error', () => undefined);
    publisher.on('error', () => undefined);
    await Promise.all([publisher.connect(), sub.connect()]);
    await firstSubscription;
    sub.on('message', (_channel: string, text: string) => {
      const message = parseMessage(text);
      if (!message) return; // Not ours: a throw here would end the process.
      if ('ack' in message) {
        awaiting.get(message.ack)?.heard();
        return;
      }
      applyDrop(message);
      if (message.id) void publisher!.publish(channel, JSON.stringify({ ack: message.id })).catch(() => undefined);
    });
  }
  // Every connection loss ('close') clears `listening` before the status leaves 'ready'.
  const subscribed = () => !subscriber || listening;

  const drop = async (message: Drop) => {
    applyDrop(message);
    if (!publisher) return;
    // Awaited before the auth reply is sent: once the caller sees it, no replica serves the old
    // session. PUBLISH answers how many subscribers (this replica's own included) received it;
    // each acknowledges after applying it, maybe before that answer arrives.
    const id = randomUUID();
    let acks = 0;
    let expected = Infinity;
    let done: () => void = () => undefined;
    const allHeard = new Promise<void>((resolve) => { done = resolve; });
    awaiting.set(id, { heard: () => { if (++acks >= expected) done(); } });
    const timer = setTimeout(done, ackWaitMs);
    try {
      expected = await publisher.publish(channel, JSON.stringify({ ...message, id }));
      if (acks >= expected) done();
      await allHeard;
    } catch {
      // Redis is away from here: a replica that did not hear the drop loses the entry by its TTL.
    } finally {
      clearTimeout(timer);
      awaiting.delete(id);
    }
  };

  return {
    async remember(token, load) {
      const digest = digestToken(token);
      const hit = entries.get(digest);
      if (hit && hit.expiresAt > now() && subscribed()) return hit.user;
      if (hit) removeEntry(digest);
      const startedAt = generation;
      const user = await load();
      if (user && startedAt === generation && subscribed()) store(digest, user);
      return user;
    },
    peek(token) {
      const hit = entries.get(digestToken(token));
      return hit && hit.expiresAt > now() && subscribed() ? hit.user : undefined;
    },
    forgetToken: (token) => drop({ token: digestToken(token) }),
    forgetUser: (userId) => drop({ user: userId }),
    async close() {
      await Promise.all([publisher?.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
    },
  };
}
