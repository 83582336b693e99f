import { describe, expect, it } from 'vitest';
import { buildOutline, renderOutline } from '../offline/outline.js';
import { proseSection, replaceProseSection, reviseOutlineSection } from '../article-sections.js';

const outline = renderOutline(buildOutline({ topic: 'rain gardens', targetWords: 800, seed: 7, headings: ['Choosing a spot', 'Plants that drink'] }));
const budget = (text: string, heading: string) => Number(new RegExp(`\\*\\*H2: ${heading}\\*\\* — (\\d+) words`).exec(text)![1]);
const target = (text: string) => Number(/\*\*Target length:\*\* (\d+) words/.exec(text)![1]);

describe('offline outline sections', () => {
  it('lengthens and shortens one section\'s budget; the target length follows and the other sections stay', () => {
    const longer = reviseOutlineSection(outline, 'Choosing a spot', 'lengthen')!;
    expect(budget(longer, 'Choosing a spot')).toBe(Math.round((budget(outline, 'Choosing a spot') * 1.5) / 10) * 10);
    expect(budget(longer, 'Plants that drink')).toBe(budget(outline, 'Plants that drink'));
    expect(target(longer)).toBe(800 - budget(outline, 'Choosing a spot') + budget(longer, 'Choosing a spot'));
    const shorter = reviseOutlineSection(outline, 'choosing a spot', 'shorten')!;
    expect(budget(shorter, 'Choosing a spot')).toBeLessThan(budget(outline, 'Choosing a spot'));
  });

  it('regenerates a section\'s brief, alternating, and answers null for an unknown heading', () => {
    const once = reviseOutlineSection(outline, 'Plants that drink', 'regenerate')!;
    expect(once).toContain('Take a fresh angle on "Plants that drink"');
    const twice = reviseOutlineSection(once, 'Plants that drink', 'regenerate')!;
    expect(twice).not.toContain('Take a fresh angle on "Plants that drink"');
    expect(reviseOutlineSection(outline, 'Not there', 'lengthen')).toBeNull();
  });
});

describe('written article sections', () => {
  const article = '# Rain gardens\n\nIntro.\n\n## Choosing a spot\n\nLow ground.\n\n### Soil\n\nSandy.\n\n## Plants\n\nSedges.\n';
  it('finds a "## " section with its "### " parts and replaces only it', () => {
    expect(proseSection(article, 'Choosing a spot')).toBe('## Choosing a spot\n\nLow ground.\n\n### Soil\n\nSandy.');
    const replaced = replaceProseSection(article, 'Choosing a spot', '## Choosing a spot\n\nNew words.')!;
    expect(replaced).toBe('# Rain gardens\n\nIntro.\n\n## Choosing a spot\n\nNew words.\n\n## Plants\n\nSedges.\n');
    expect(replaceProseSection(article, 'Plants', '## Plants\n\nRushes.')).toBe('# Rain gardens\n\nIntro.\n\n## Choosing a spot\n\nLow ground.\n\n### Soil\n\nSandy.\n\n## Plants\n\nRushes.');
  });
});
