/**
 * Key policy: every object key is `<prefix>/<yyyy>/<mm>/<22 chars of base64url>.<ext>`, where the
 * random part is 128 bits from the CSPRNG. Keys are therefore unguessable, and the validator
 * accepts nothing else, so a key can never name a path outside the store.
 */
import { randomBytes } from 'node:crypto';
import { InvalidKeyError } from './errors.js';

/** results: tool outputs; uploads: job inputs; engines: model files an administrator installed. */
export const KEY_PREFIXES = ['results', 'uploads', 'engines'] as const;
export type KeyPrefix = (typeof KEY_PREFIXES)[number];

const KEY_PATTERN = /^(results|uploads|engines)\/\d{4}\/(0[1-9]|1[0-2])\/[A-Za-z0-9_-]{22}\.[a-z0-9]{1,5}$/;
/** Prefixes used for listing: a whole area, or one year / month of it. */
const LIST_PREFIX_PATTERN = /^(results|uploads|engines)\/(\d{4}\/((0[1-9]|1[0-2])\/)?)?$/;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'text/markdown': 'md',
  'text/plain': 'txt',
  'application/onnx': 'onnx',
};

export function extensionForContentType(contentType: string): string {
  const base = contentType.split(';')[0].trim().toLowerCase();
  return EXTENSIONS[base] ?? 'bin';
}

/** A fresh unguessable key, e.g. `results/2026/11/Xy3...Q.png`. */
export function newObjectKey(prefix: KeyPrefix, ext: string, now: Date = new Date()): string {
  if (!/^[a-z0-9]{1,5}$/.test(ext)) throw new Error(`Invalid extension: ${ext}`);
  const yyyy = String(now.getUTCFullYear()).padStart(4, '0');
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const random = randomBytes(16).toString('base64url');
  return `${prefix}/${yyyy}/${mm}/${random}.${ext}`;
}

export function isValidKey(key: unknown): key is string {
  return typeof key === 'string' && key.length <= 64 && KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}

export function isValidListPrefix(prefix: string): boolean {
  return LIST_PREFIX_PATTERN.test(prefix);
}

export function assertValidListPrefix(prefix: string): void {
  if (!isValidListPrefix(prefix)) throw new InvalidKeyError(prefix);
}

/** The area a key belongs to. */
export function keyPrefixOf(key: string): KeyPrefix {
  assertValidKey(key);
  return key.slice(0, key.indexOf('/')) as KeyPrefix;
}

/** publicUrl/keyFromUrl of a driver whose objects are served under one URL prefix. */
export function urlsUnder(base: string): { publicUrl(key: string): string; keyFromUrl(url: string): string | null } {
  return {
    publicUrl(key: string): string {
      assertValidKey(key);
      return base + key;
    },
    keyFromUrl(url: string): string | null {
      if (!url.startsWith(base)) return null;
      const key = url.slice(base.length);
      return isValidKey(key) ? key : null;
    },
  };
}
