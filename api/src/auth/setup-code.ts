/**
 * Claiming the administrator account on a public bind. Listening only on loopback, the first
 * account becomes the administrator (the newcomer's flow). Listening beyond it (HOST=0.0.0.0 or
 * an outside address), a stranger could sign up first: then only a sign-up from this machine
 * (loopback) or one carrying the setup code printed in the server log becomes administrator.
 *
 * The code is derived from the auth secret, so every api replica prints and accepts the same
 * one; it is one-time because it only works while no administrator exists.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import net from 'node:net';

export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  return isLoopbackIp(h);
}

export function isLoopbackIp(ip: string | null | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return ip === '::1';
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 12 characters from an unambiguous alphabet, shown as XXXX-XXXX-XXXX. */
export function adminSetupCode(authSecret: string): string {
  const digest = createHmac('sha256', authSecret).update('craftwell admin setup code').digest();
  const chars = Array.from(digest.subarray(0, 12), (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

const normalise = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function setupCodeMatches(expected: string, candidate: unknown): boolean {
  if (typeof candidate !== 'string') return false;
  const a = Buffer.from(normalise(expected));
  const b = Buffer.from(normalise(candidate));
  return a.length === b.length && timingSafeEqual(a, b);
}
