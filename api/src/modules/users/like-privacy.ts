/**
 * Gallery replies name no user but the reader. The spec's `likes` is a list of user ids (count =
 * its length; "liked" = the reader's id is in it), so each other liker appears as a stand-in that
 * differs per creation and per server start: the count and the reader's own like stay exact, and
 * no reader learns who liked what or which works are by one person. The owner's id is left out.
 */
import { hash, randomBytes } from 'node:crypto';
import { serialize, type CachedReply } from './list-cache.js';

export interface LikePrivacy {
  /** For the copy every reader shares: every liker as a stand-in. */
  hide(creationId: string, likerIds: readonly string[]): string[];
  /** The reader's own stand-in turned back into their id. */
  reveal(creationId: string, likes: readonly string[], readerId: string): string[];
  /**
   * A shared gallery page (`{creations: [{id, likes}]}`) as one reader sees it: their stand-ins
   * turned back into their id. A reader who liked nothing on the page gets the shared copy itself,
   * with its ETag, so the common read costs no parse and no serialisation.
   */
  forReader(shared: CachedReply, readerId: string): CachedReply;
}

interface GalleryPage { creations: Array<{ id: string; likes: string[] }> }
/** What a shared page holds, read once per copy: its creations and every stand-in on it. */
interface PageIndex { ids: string[]; standIns: Set<string> }

export function createLikePrivacy(key: Buffer = randomBytes(32)): LikePrivacy {
  // A keyed one-shot SHA-256 (the key is a fixed-length prefix): a fifth of an HMAC's cost here,
  // and a gallery read computes one per creation on the page. Truncated to 132 bits.
  const secret = key.toString('base64');
  const standIn = (creationId: string, userId: string) =>
    `like-${hash('sha256', `${secret}${creationId}:${userId}`, 'base64url').slice(0, 22)}`;
  const reveal = (creationId: string, likes: readonly string[], readerId: string) => {
    const mine = standIn(creationId, readerId);
    return likes.map((like) => (like === mine ? readerId : like));
  };
  // Dropped with the shared copy it describes (the list cache replaces copies on every change).
  const indexes = new WeakMap<CachedReply, PageIndex>();
  const indexOf = (shared: CachedReply): PageIndex => {
    let index = indexes.get(shared);
    if (!index) {
      const { creations } = JSON.parse(shared.body.toString('utf8')) as GalleryPage;
      index = { ids: creations.map((c) => c.id), standIns: new Set(creations.flatMap((c) => c.likes)) };
      indexes.set(shared, index);
    }
    return index;
  };
  return {
    hide: (creationId, likerIds) => likerIds.map((id) => standIn(creationId, id)),
    reveal,
    forReader(shared, readerId) {
      const { ids, standIns } = indexOf(shared);
      if (!ids.some((id) => standIns.has(standIn(id, readerId)))) return shared;
      const page = JSON.parse(shared.body.toString('utf8')) as GalleryPage;
      for (const c of page.creations) c.likes = reveal(c.id, c.likes, readerId);
      return serialize(page);
    },
  };
}
