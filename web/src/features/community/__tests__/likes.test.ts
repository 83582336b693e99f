import { describe, expect, it } from 'vitest';
import { creationCountLabel, isLikedBy, likeCount, parseLikes } from '../likes.js';

describe('parseLikes', () => {
  it('when likes is an array, then it returns the ids as strings', () => {
    expect(parseLikes(['a', 'b', 3])).toEqual(['a', 'b', '3']);
  });

  it('when likes is a comma-separated string, then it splits and trims it', () => {
    expect(parseLikes('a, b ,c')).toEqual(['a', 'b', 'c']);
  });

  it('when likes is empty, missing or a Postgres array literal, then it is read sensibly', () => {
    expect(parseLikes('')).toEqual([]);
    expect(parseLikes(null)).toEqual([]);
    expect(parseLikes(undefined)).toEqual([]);
    expect(parseLikes([])).toEqual([]);
    expect(parseLikes('{u1,u2}')).toEqual(['u1', 'u2']);
    expect(parseLikes('a,,b,')).toEqual(['a', 'b']);
  });
});

describe('likeCount and isLikedBy', () => {
  it('when given either shape, then the count is the number of ids', () => {
    expect(likeCount(['x', 'y'])).toBe(2);
    expect(likeCount('x,y,z')).toBe(3);
    expect(likeCount('')).toBe(0);
  });

  it('when the user id is among the likes, then it is liked by them', () => {
    expect(isLikedBy('u1,u2', 'u2')).toBe(true);
    expect(isLikedBy(['u1'], 'u2')).toBe(false);
    expect(isLikedBy('u12', 'u1')).toBe(false);
    expect(isLikedBy(['u1'], null)).toBe(false);
  });

  it('when counting creations, then the label reads N creation(s)', () => {
    expect(creationCountLabel(3)).toBe('3 creation(s)');
  });
});
