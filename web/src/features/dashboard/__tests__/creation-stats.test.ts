import { describe, expect, it } from 'vitest';
import { averagePerWeek, countThisWeek, creationKind, creationTypeLabel, dashboardStats, type Creation } from '../creation-stats.js';

const now = Date.parse('2026-03-15T12:00:00Z');
const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000).toISOString();

function creation(partial: Partial<Creation>): Creation {
  return { id: Math.random().toString(36), type: 'article', prompt: 'p', content: 'c', ...partial };
}

describe('countThisWeek', () => {
  it('when creations fall inside and outside the last 7 days, then counts only the recent ones', () => {
    const list = [creation({ created_at: daysAgo(0) }), creation({ created_at: daysAgo(6.9) }), creation({ created_at: daysAgo(7.1) }), creation({ created_at: daysAgo(30) })];
    expect(countThisWeek(list, now)).toBe(2);
  });

  it('when the date is in createdAt, created_at or date, then each is read', () => {
    const list = [creation({ createdAt: daysAgo(1) }), creation({ created_at: daysAgo(2) }), creation({ date: daysAgo(3) }), creation({ date: daysAgo(8) })];
    expect(countThisWeek(list, now)).toBe(3);
  });

  it('when a creation has no date or an invalid one, then it is not counted', () => {
    expect(countThisWeek([creation({}), creation({ created_at: 'not a date' })], now)).toBe(0);
  });

  it('when exactly 7 days old, then it is still inside the window', () => {
    expect(countThisWeek([creation({ created_at: daysAgo(7) })], now)).toBe(1);
  });
});

describe('averagePerWeek', () => {
  it.each([
    [0, 0],
    [1, 1],
    [4, 1],
    [5, 2],
    [8, 2],
    [9, 3],
  ])('when the total is %i, then the average is %i (total / 4 rounded up)', (total, expected) => {
    expect(averagePerWeek(total)).toBe(expected);
  });
});

describe('dashboardStats', () => {
  it('when there are no creations, then the texts are the empty ones', () => {
    const cards = dashboardStats([], false, now);
    expect(cards.map((card) => [card.title, card.value, card.trend])).toEqual([
      ['Total Creations', '0', null],
      ['Active Plan', 'Free', null],
      ['This Week', '0', 'No new creations'],
      ['Productivity', 'Getting Started', null],
    ]);
  });

  it('when there are creations and a premium plan, then the texts say so', () => {
    const cards = dashboardStats([creation({ created_at: daysAgo(1) }), creation({ created_at: daysAgo(2) }), creation({ created_at: daysAgo(20) })], true, now);
    expect(cards.map((card) => [card.value, card.trend])).toEqual([
      ['3', 'All time'],
      ['Premium', null],
      ['2', '2 new'],
      ['Active', null],
    ]);
  });
});

describe('creation types', () => {
  it('when the type is image, article or something else, then the theme follows', () => {
    expect([creationKind('Image'), creationKind('article'), creationKind('blog-title')]).toEqual(['image', 'article', 'other']);
  });

  it('when the type is a slug, then the label is title case', () => {
    expect(creationTypeLabel('resume-review')).toBe('Resume Review');
    expect(creationTypeLabel('image')).toBe('Image');
  });
});
