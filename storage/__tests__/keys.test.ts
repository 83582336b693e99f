import { describe, expect, it } from 'vitest';
import { extensionForContentType, isValidKey, isValidListPrefix, newObjectKey } from '../keys.js';

describe('object keys', () => {
  it('when keys are generated, then they follow the policy, carry 128 random bits and never repeat', () => {
    const now = new Date(Date.UTC(2026, 0, 5));
    const keys = new Set(Array.from({ length: 1000 }, () => newObjectKey('results', 'png', now)));
    expect(keys.size).toBe(1000);
    for (const key of keys) {
      expect(key).toMatch(/^results\/2026\/01\/[A-Za-z0-9_-]{22}\.png$/);
      expect(isValidKey(key)).toBe(true);
      expect(Buffer.from(key.slice(16, 38), 'base64url')).toHaveLength(16);
    }
  });

  it('when a key is not of the policy shape, then it is rejected', () => {
    const good = newObjectKey('uploads', 'pdf');
    const [area, yyyy, mm, file] = good.split('/');
    for (const bad of [
      `../${good}`, `/${good}`, `${area}/${yyyy}/${mm}/../${file}`, `${area}/${yyyy}/13/${file}`,
      `${area}//${yyyy}/${mm}/${file}`, `tmp/${yyyy}/${mm}/${file}`, `${good}/x`, `${good}.meta.json`,
      `${area}/${yyyy}/${mm}/.tmp-0123456789abcdef`, good.replace('.pdf', '.PDF'), `${good}\0`, 42,
    ]) {
      expect(isValidKey(bad), String(bad)).toBe(false);
    }
  });

  it('when a list prefix is asked for, then only areas, years and months are allowed', () => {
    expect(isValidListPrefix('results/')).toBe(true);
    expect(isValidListPrefix('uploads/2026/')).toBe(true);
    expect(isValidListPrefix('uploads/2026/11/')).toBe(true);
    for (const bad of ['', '/', 'results', '../', 'results/../', 'results/2026/11/x', 'other/']) {
      expect(isValidListPrefix(bad), bad).toBe(false);
    }
  });

  it('when a content type is known, then its extension is used, else bin', () => {
    expect(extensionForContentType('image/png')).toBe('png');
    expect(extensionForContentType('application/pdf')).toBe('pdf');
    expect(extensionForContentType('TEXT/PLAIN; charset=utf-8')).toBe('txt');
    expect(extensionForContentType('application/x-evil')).toBe('bin');
  });
});
