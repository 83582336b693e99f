/**
 * The gallery's like privacy, checked against a model on generated pages: whatever the page and
 * the reader, the reply shows every like (count kept), the reader's own likes as their id and
 * nobody else's id; a reader who liked nothing there gets the shared copy itself.
 */
import { describe, expect, it } from 'vitest';
import { createLikePrivacy } from '../like-privacy.js';
import { serialize } from '../list-cache.js';

/** A small seeded generator, so a failure names the seed that reproduces it. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state / 2 ** 32;
  };
}

describe('like privacy in gallery replies', () => {
  it('when generated pages are read by every user and a stranger, then each reply matches the model', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const users = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, i) => `user-${seed}-${i}`);
      const page = Array.from({ length: Math.floor(next() * 8) }, (_, i) => ({
        id: `creation-${seed}-${i}`,
        likers: users.filter(() => next() < 0.4),
      }));
      const privacy = createLikePrivacy();
      const shared = serialize({
        success: true,
        creations: page.map((c) => ({ id: c.id, prompt: 'p', likes: privacy.hide(c.id, c.likers) })),
        nextCursor: null,
      });
      for (const reader of [...users, `stranger-${seed}`]) {
        const reply = privacy.forReader(shared, reader);
        const shown = (JSON.parse(reply.body.toString('utf8')) as { creations: Array<{ id: string; likes: string[] }> }).creations;
        const likedHere = page.some((c) => c.likers.includes(reader));
        expect(reply === shared, `seed ${seed}, ${reader}: the shared copy exactly when nothing here is theirs`).toBe(!likedHere);
        if (likedHere) expect(reply.etag).not.toBe(shared.etag);
        shown.forEach((c, i) => {
          const model = page[i]!;
          expect(c.id).toBe(model.id);
          expect(c.likes, `seed ${seed}: the count is kept`).toHaveLength(model.likers.length);
          expect(c.likes.includes(reader), `seed ${seed}: the reader's own like`).toBe(model.likers.includes(reader));
          for (const other of users.filter((u) => u !== reader)) expect(c.likes, `seed ${seed}: no other user named`).not.toContain(other);
        });
      }
    }
  });

  it('when one user likes two creations, then their stand-ins differ, so likes cannot be linked across works', () => {
    const privacy = createLikePrivacy();
    const [a] = privacy.hide('creation-a', ['ann']);
    const [b] = privacy.hide('creation-b', ['ann']);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^like-[\w-]{22}$/);
    expect(createLikePrivacy().hide('creation-a', ['ann'])[0], 'and they change with each server start').not.toBe(a);
  });
});
