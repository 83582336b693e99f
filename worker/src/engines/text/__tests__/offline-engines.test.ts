import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '@craftwell/contracts/jobs';
import { generateTitles, renderTitles, SOFT_MAX_CHARS, TITLE_COUNT } from '../offline/headlines.js';
import { buildOutline, renderOutline, splitBudget } from '../offline/outline.js';
import { parseArticleTopic, parseBlogTitlePrompt, titleCase, validateTextPrompt } from '@craftwell/contracts/text-prompts';

const now = new Date('2026-03-01T00:00:00Z');

describe('prompt parsing', () => {
  it('when the web sends the article sentence, then the topic comes back out', () => {
    expect(parseArticleTopic('Write an article about solar power in Medium (800-1200 words).')).toBe('solar power');
    expect(parseArticleTopic('Write an article about  the future of AI in schools  in Long (1200+ words).')).toBe('the future of AI in schools');
    expect(parseArticleTopic('urban gardening')).toBe('urban gardening');
  });

  it('when the web sends the blog sentence, then keyword and category come back out', () => {
    expect(parseBlogTitlePrompt('Generate a blog title for the keyword remote work in the category Business'))
      .toEqual({ keyword: 'remote work', category: 'Business' });
    expect(parseBlogTitlePrompt('Generate a blog title for the keyword vegan baking in the category food'))
      .toEqual({ keyword: 'vegan baking', category: 'Food' });
  });

  it('when the category is not one of the spec list, then a 400 names the allowed ones', () => {
    expect(() => parseBlogTitlePrompt('Generate a blog title for the keyword cats in the category Pets'))
      .toThrowError(expect.objectContaining({ status: 400, message: expect.stringContaining('General, Technology') }));
  });

  it('when the prompt is blank or over 2,000 characters, then a 400 says why', () => {
    expect(() => validateTextPrompt('   ')).toThrowError(expect.objectContaining({ status: 400 }));
    expect(() => validateTextPrompt('x'.repeat(2001))).toThrowError(/2001 characters\); the limit is 2000/);
    expect(validateTextPrompt('  keep me  ')).toBe('keep me');
  });

  it('title case keeps small words low and user casing intact', () => {
    expect(titleCase('the ultimate guide to SEO for iPhone apps')).toBe('The Ultimate Guide to SEO for iPhone Apps');
    expect(titleCase('lessons from a year of remote work')).toBe('Lessons From a Year of Remote Work');
  });
});

describe('offline headline engine', () => {
  it('when given a seed, then the same request gives the same titles and another seed differs', () => {
    const request = { keyword: 'remote work', category: 'Business' as const, now };
    expect(generateTitles({ ...request, seed: 42 })).toEqual(generateTitles({ ...request, seed: 42 }));
    expect(generateTitles({ ...request, seed: 43 })).not.toEqual(generateTitles({ ...request, seed: 42 }));
  });

  it.each(BLOG_CATEGORIES)('for %s: 10 distinct Title Case titles that contain the keyword, mostly short', (category) => {
    const titles = generateTitles({ keyword: 'home composting', category, seed: 7, now });
    expect(titles).toHaveLength(TITLE_COUNT);
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(TITLE_COUNT);
    for (const title of titles) {
      expect(title).toContain('Home Composting');
      expect(title).not.toMatch(/\{[Kny]\}/);
      expect(title.charAt(0)).toBe(title.charAt(0).toUpperCase());
    }
    expect(titles.filter((t) => t.length <= SOFT_MAX_CHARS).length).toBeGreaterThanOrEqual(8);
  });

  it('when the category changes, then category formulas change the titles', () => {
    const tech = generateTitles({ keyword: 'cloud storage', category: 'Technology', seed: 1, now });
    const travel = generateTitles({ keyword: 'cloud storage', category: 'Travel', seed: 1, now });
    expect(tech.filter((t) => travel.includes(t)).length).toBeLessThanOrEqual(4);
  });

  it('when keywords differ, then titles differ beyond the keyword swap', () => {
    const a = generateTitles({ keyword: 'yoga', category: 'Health', seed: 5, now }).map((t) => t.replace('Yoga', 'X'));
    const b = generateTitles({ keyword: 'running', category: 'Health', seed: 6, now }).map((t) => t.replace('Running', 'X'));
    expect(a.filter((t) => b.includes(t)).length).toBeLessThan(8);
  });

  it('when the keyword is plural, then "Is" becomes "Are"', () => {
    const titles = Array.from({ length: 20 }, (_, seed) => generateTitles({ keyword: 'electric cars', category: 'Technology', seed, now })).flat();
    expect(titles.some((t) => /Are Electric Cars/.test(t))).toBe(true);
    expect(titles.some((t) => /Is Electric Cars/.test(t))).toBe(false);
  });

  it('renders a numbered markdown list with an honest note', () => {
    const markdown = renderTitles({ keyword: 'remote work', category: 'Business', seed: 3, now });
    expect(markdown.match(/^\d+\. /gm)).toHaveLength(10);
    expect(markdown).toMatch(/offline headline engine/);
  });
});

describe('offline outline engine', () => {
  it('splitBudget sums exactly to the total', () => {
    for (const total of [620, 983, 1337]) expect(splitBudget(total, [1, 1.2, 1.4, 1]).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it.each([800, 1200, 1600])('for %i words: budgets sum to the target and longer articles get more sections', (target) => {
    const outline = buildOutline({ topic: 'solar panels', targetWords: target, seed: 9, now });
    const total = outline.introduction.words + outline.conclusion.words + outline.sections.reduce((n, s) => n + s.words, 0);
    expect(total).toBe(target);
    for (const section of outline.sections) {
      expect(section.subsections.reduce((n, s) => n + s.words, 0)).toBeLessThan(section.words);
      expect(section.words).toBeGreaterThan(60);
    }
    expect(outline.sections.length).toBe({ 800: 4, 1200: 5, 1600: 6 }[target]);
    expect(outline.questions.length).toBeGreaterThanOrEqual(5);
  });

  it('is headed as an outline and carries reader, structure, questions and the SEO checklist', () => {
    const markdown = renderOutline(buildOutline({ topic: 'meal prep for busy parents', targetWords: 1200, seed: 2, now }));
    expect(markdown.split('\n')[0]).toMatch(/^# Article outline: /);
    expect(markdown).toMatch(/This is an outline, not a finished article/);
    expect(markdown).toMatch(/\*\*Intended reader:\*\* Busy parents/);
    expect(markdown).toMatch(/\*\*H2: .*Meal Prep/);
    expect(markdown).toMatch(/^ {2}- H3: /m);
    expect(markdown).toMatch(/## SEO checklist/);
    expect(markdown).toMatch(/URL slug: \/meal-prep-for-busy-parents/);
  });

  it('when the topic is a how-to, then the structure is a step-by-step one', () => {
    const outline = buildOutline({ topic: 'how to start running', targetWords: 800, seed: 1, now });
    expect(outline.sections.map((s) => s.heading)).toContain('Step-by-Step: How to Start Running');
    expect(outline.workingTitle).toMatch(/^How to Start Running/);
  });

  it('is deterministic for a seed and varies across seeds', () => {
    const make = (seed: number) => renderOutline(buildOutline({ topic: 'remote work', targetWords: 1600, seed, now }));
    expect(make(11)).toBe(make(11));
    expect(new Set([1, 2, 3, 4, 5].map(make)).size).toBeGreaterThan(1);
  });
});
