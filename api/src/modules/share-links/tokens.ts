/**
 * The secrets of a share link: the token (32 random bytes, only its SHA-256 digest is stored), the
 * optional password (scrypt, compared in constant time) and the cookie that remembers a correct
 * password for an hour (an HMAC keyed by the stored password hash, so it needs no server secret
 * and dies with the link).
 */
import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';

const TOKEN_BYTES = 32;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;
export const ACCESS_COOKIE = 'share_access';
export const ACCESS_SECONDS = 3600;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function scryptAsync(password: BinaryLike, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}.${(await scryptAsync(password, salt)).toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split('.');
  const expected = Buffer.from(hash ?? '', 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt ?? '', 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function accessMac(linkId: string, passwordHash: string, expires: number): string {
  return createHmac('sha256', passwordHash).update(`${linkId}.${expires}`).digest('base64url');
}

export function accessCookieValue(linkId: string, passwordHash: string, now = Date.now()): string {
  const expires = now + ACCESS_SECONDS * 1000;
  return `${expires}.${accessMac(linkId, passwordHash, expires)}`;
}

export function accessCookieValid(value: string | undefined, linkId: string, passwordHash: string, now = Date.now()): boolean {
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires < now) return false;
  const expected = Buffer.from(accessMac(linkId, passwordHash, expires));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** One cookie from the Cookie header, without a parser dependency. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
