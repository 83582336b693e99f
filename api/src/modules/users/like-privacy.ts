/**
 * Gallery replies name no user but the reader. The spec's `likes` is a list of user ids (count =
 * its length; "liked" = the reader's id is in it), so each other liker appears as a stand-in that
 * differs per creation and per server start: the count and the reader's own like stay exact, and
 * no reader learns who liked what or which works are by one person. The owner's id is left out.
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface LikePrivacy {
  /** For the copy every reader shares: every liker as a stand-in. */
  hide(creationId: string, likerIds: readonly string[]): string[];
  /** The reader's own stand-in turned back into their id. */
  reveal(creationId: string, likes: readonly string[], readerId: string): string[];
}

export function createLikePrivacy(key: Buffer = randomBytes(32)): LikePrivacy {
  const standIn = (creationId: string, userId: string) =>
    `like-${createHmac('sha256', key).update(`${creationId}:${userId}`).digest('base64url').slice(0, 22)}`;
  return {
    hide: (creationId, likerIds) => likerIds.map((id) => standIn(creationId, id)),
    reveal: (creationId, likes, readerId) => {
      const mine = standIn(creationId, readerId);
      return likes.map((like) => (like === mine ? readerId : like));
    },
  };
}
