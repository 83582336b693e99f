/**
 * The one way a request deletes a stored object on a user's behalf. Ownership is what the
 * database records (a creation of the user's, or an ownership row for a profile picture), never
 * a URL the user can edit (users.image). Two steps, because rows go before files:
 *   1. claim…(client, userId, …) inside the transaction that removes the rows: only owned keys
 *      come back, as an OwnedKeys value no other code can make;
 *   2. deleteClaimed(claimed) after the commit; a file that fails to go is unreferenced and the
 *      orphan sweep takes it.
 * Routes get storage without `delete` (RouteStorage), so this is the only door from a route.
 */
import type pg from 'pg';
import type { Logger } from '@craftwell/core/logger';
import { claimOwnedKeys, keyOfOwnCreation, keysOwnedBy } from '@craftwell/core/repositories/stored-objects';
import type { ObjectStorage } from '@craftwell/storage/object-storage';

declare const owned: unique symbol;
/** Keys proven to belong to the caller, released in the caller's transaction. */
export type OwnedKeys = readonly string[] & { readonly [owned]: true };

/** Storage as a route sees it: it can read, store and name objects, not delete them. */
export type RouteStorage = Omit<ObjectStorage, 'delete'>;

const asOwned = (keys: string[]) => keys as unknown as OwnedKeys;

/** Of `keys`, the profile pictures the user uploaded (never a creation's result). */
export async function claimPictures(client: pg.PoolClient, userId: string, keys: Array<string | null>): Promise<OwnedKeys> {
  return asOwned(await claimOwnedKeys(client, userId, keys.filter((k): k is string => Boolean(k)), 'pictures'));
}

/** The object of the user's creation `creationId`; claim before deleting the row. */
export async function claimCreationObject(client: pg.PoolClient, userId: string, creationId: string): Promise<OwnedKeys> {
  const key = await keyOfOwnCreation(client, creationId, userId);
  return asOwned(key ? await claimOwnedKeys(client, userId, [key], 'any') : []);
}

/** Everything the user owns (account deletion); claim before deleting the user row. */
export async function claimEverything(client: pg.PoolClient, userId: string): Promise<OwnedKeys> {
  const keys = await keysOwnedBy(client, userId);
  return asOwned(await claimOwnedKeys(client, userId, keys, 'any'));
}

export function ownedObjectRemover(storage: ObjectStorage, log: Logger) {
  return async function deleteClaimed(claimed: OwnedKeys): Promise<void> {
    for (const key of claimed) {
      await storage.delete(key).catch((err) => log.warn({ err, key }, 'owned object left for the orphan sweep'));
    }
  };
}
export type DeleteClaimed = ReturnType<typeof ownedObjectRemover>;
