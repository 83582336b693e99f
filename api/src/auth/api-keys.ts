/**
 * Personal API keys: `cw_` and 43 characters of base64url (256 random bits). Only the SHA-256 is
 * stored — a slow hash adds nothing for a key this random — so a database leak reveals no key.
 */
import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'cw_';
const KEY_PATTERN = /^cw_[A-Za-z0-9_-]{43}$/;

export function newApiKey(): { key: string; prefix: string; hash: Buffer } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 11), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** The key in an `Authorization: Bearer cw_...` header, else null (a session token). */
export function apiKeyFromHeader(header: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
