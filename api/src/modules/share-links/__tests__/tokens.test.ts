/** The access cookie and the password hash: any change to a value, another link or a late cookie is refused. */
import { describe, expect, it } from 'vitest';
import { accessCookieValid, accessCookieValue, hashPassword, newToken, readCookie, verifyPassword } from '../tokens.js';

describe('share link secrets', () => {
  it('tokens are 32 random bytes in base64url, never repeated', () => {
    const tokens = new Set(Array.from({ length: 200 }, newToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length).toBe(32);
  });

  it('a password verifies against its hash only', async () => {
    const stored = await hashPassword('open sesame');
    expect(stored).not.toContain('open sesame');
    expect(await verifyPassword('open sesame', stored)).toBe(true);
    expect(await verifyPassword('open sesame ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await hashPassword('open sesame')).not.toBe(stored);
  });

  it('an access cookie opens its own link until it expires, and no single-character change opens anything', () => {
    const now = 1_800_000_000_000;
    const value = accessCookieValue('link-1', 'hash-1', now);
    expect(accessCookieValid(value, 'link-1', 'hash-1', now + 1000)).toBe(true);
    expect(accessCookieValid(value, 'link-2', 'hash-1', now)).toBe(false);
    expect(accessCookieValid(value, 'link-1', 'hash-2', now)).toBe(false);
    expect(accessCookieValid(value, 'link-1', 'hash-1', now + 3601_000)).toBe(false);
    for (let i = 0; i < value.length; i++) {
      const changed = value.slice(0, i) + (value[i] === 'A' ? 'B' : 'A') + value.slice(i + 1);
      expect(accessCookieValid(changed, 'link-1', 'hash-1', now), changed).toBe(false);
    }
    expect(accessCookieValid(undefined, 'link-1', 'hash-1', now)).toBe(false);
    expect(readCookie(`a=1; share_access=${value}; b=2`, 'share_access')).toBe(value);
  });
});
