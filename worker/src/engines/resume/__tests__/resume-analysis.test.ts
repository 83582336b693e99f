import { beforeAll, describe, expect, it } from 'vitest';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import * as fixtures from '../../../../../tests/fixtures/resumes/resume-fixtures.js';
import { analyseResume, type ResumeAnalysis } from '../analysis.js';
import { buildLayout, headingKey, type ResumeLayout } from '../layout.js';
import { NO_TEXT_MESSAGE, readPdfText, warmUpPdfReader } from '../pdf-text.js';
import { renderReview } from '../review.js';

const now = new Date('2026-06-01T00:00:00Z');

async function analyse(bytes: Uint8Array): Promise<{ layout: ResumeLayout; analysis: ResumeAnalysis }> {
  const pdf = await readPdfText(bytes);
  const layout = buildLayout(pdf);
  return { layout, analysis: analyseResume(layout, pdf, { now }) };
}

async function rejection(bytes: Uint8Array): Promise<UserFacingJobError> {
  const error = await readPdfText(bytes).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(UserFacingJobError);
  return error as UserFacingJobError;
}

describe('resume analysis on generated PDFs', () => {
  let strong: ResumeAnalysis, weak: ResumeAnalysis, twoColumn: ResumeAnalysis, twoColumnLayout: ResumeLayout;
  beforeAll(async () => {
    strong = (await analyse(await fixtures.strongResume())).analysis;
    weak = (await analyse(await fixtures.weakResume())).analysis;
    ({ analysis: twoColumn, layout: twoColumnLayout } = await analyse(await fixtures.twoColumnResume()));
  });

  it('strong resume: contact details, all sections, action verbs and numbers, no risks, high score', () => {
    expect(strong.contact).toMatchObject({ name: 'Alex Morgan', email: 'alex.morgan@mail.test', phone: '+1 (555) 010-4477', linkedin: 'linkedin.com/in/alexmorgan' });
    expect(strong.sectionsFound).toEqual(expect.arrayContaining(['summary', 'experience', 'education', 'skills', 'projects', 'certifications']));
    expect(strong.missingSections).toEqual([]);
    expect(strong.bullets.count).toBe(13);
    expect(strong.bullets.withActionVerb).toBe(13);
    expect(strong.bullets.quantified).toBe(13);
    expect(strong.dates).toMatchObject({ formats: ['Mon YYYY'], inconsistentFormats: false, gaps: [], invalid: [] });
    expect(strong.dates.ranges).toHaveLength(3);
    expect(strong.pronouns).toEqual({});
    expect(strong.cliches).toEqual([]);
    expect(strong.ats).toEqual([]);
    expect(strong.score.total).toBeGreaterThanOrEqual(90);
    expect(strong.score.parts.reduce((n, p) => n + p.max, 0)).toBe(100);
  });

  it('weak resume: duty openings, no numbers, pronouns, clichés, mixed dates with a gap, a table', () => {
    expect(weak.contact.email).toBe('sam.lee@mail.test');
    expect(weak.contact.phone).toBeUndefined();
    expect(weak.contact.linkedin).toBeUndefined();
    // Its skills stand under "Other": not a name any ATS files as skills, but not missing either.
    expect(weak.missingSections).toEqual([]);
    expect(weak.unsureSections).toEqual(['skills']);
    expect(weak.unrecognisedHeadings).toEqual(['OTHER']);
    expect(weak.bullets.count).toBe(5);
    expect(weak.bullets.withActionVerb).toBe(0);
    expect(weak.bullets.quantified).toBe(0);
    expect(weak.bullets.weakOpenings[0]).toMatch(/^Responsible for answering phones/);
    // "My goal …" at a sentence's start counts too.
    expect(weak.pronouns).toEqual({ I: 3, my: 3 });
    expect(weak.cliches).toEqual(['team player', 'hard worker']);
    expect(weak.dates.inconsistentFormats).toBe(true);
    expect(weak.dates.formats.sort()).toEqual(['MM/YYYY', 'YYYY']);
    expect(weak.dates.gaps).toEqual([{ from: 'Dec 2016', to: 'Mar 2019', months: 26 }]);
    expect(weak.ats.map((r) => r.id)).toEqual(['table']);
    expect(weak.score.total).toBeLessThan(50);
    expect(weak.score.total).toBeLessThan(strong.score.total - 40);
  });

  it('two-column resume: columns read one after the other, header contact and icon font flagged', () => {
    expect(twoColumnLayout.pages[0].gutterX).toBeGreaterThan(300);
    expect(twoColumnLayout.pages[0].gutterX).toBeLessThan(390);
    const texts = twoColumnLayout.lines.map((l) => l.text);
    // The left column ends before the right column starts: no line mixes the two.
    expect(texts.indexOf('EDUCATION')).toBeLessThan(texts.indexOf('SKILLS'));
    expect(texts.some((t) => t.includes('Globex') && t.includes('SKILLS'))).toBe(false);
    expect(twoColumn.sectionsFound).toEqual(expect.arrayContaining(['experience', 'education', 'skills', 'languages']));
    expect(twoColumn.ats.map((r) => r.id)).toEqual(expect.arrayContaining(['multi-column', 'symbol-fonts', 'header-footer-text']));
    expect(twoColumn.ats.find((r) => r.id === 'multi-column')!.severity).toBe('high');
    expect(twoColumn.score.parts.find((p) => p.key === 'ats')!.score).toBeLessThanOrEqual(5);
  });

  it('a single-column resume with right-aligned dates is not mistaken for two columns', async () => {
    const { layout } = await analyse(await fixtures.strongResume({ pages: 2 }));
    expect(layout.pages.map((p) => p.gutterX)).toEqual([null, null]);
    expect(layout.lines.some((l) => /Senior Software Engineer.*Mar 2021 – Present/.test(l.text))).toBe(true);
  });

  it('browser-style PDF: drawn list markers, wrapped items, a tight table, a six-month break', async () => {
    const { analysis } = await analyse(await fixtures.browserStyleResume());
    expect(analysis.contact.phone).toBe('(415) 555-0199');
    expect(analysis.bullets).toMatchObject({ count: 6, withActionVerb: 4, quantified: 4, noBulletMarkers: false });
    expect(analysis.bullets.weakOpenings).toEqual(['Responsible for the data quality framework used by analysts.', 'Worked on migrating reports from Excel to Looker.']);
    expect(analysis.sectionsFound).toContain('skills');
    expect(analysis.dates.formats.sort()).toEqual(['MM/YYYY', 'Month YYYY']);
    // Aug 2018 to Mar 2019 leaves six whole months: not over six.
    expect(analysis.dates.gaps).toEqual([]);
    expect(analysis.ats.map((r) => r.id)).toEqual(['table']);
  });

  it('text in a tagged page header is an ATS risk; the same resume without it is clean', async () => {
    const { analysis } = await analyse(await fixtures.strongResume({ taggedHeader: 'Alex Morgan — Curriculum Vitae' }));
    const risk = analysis.ats.find((r) => r.id === 'header-footer-text');
    expect(risk?.detail).toMatch(/“Alex Morgan — Curriculum Vitae” sits in the page header/);
    expect(analysis.ats).toHaveLength(1);
  });

  it('review markdown covers the five promised parts and quotes findings', () => {
    const review = renderReview(weak);
    for (const heading of ['## Content Analysis', '## Formatting and Structure', '## ATS Compatibility', '## Improvement Recommendations', '## Professional Tips']) {
      expect(review).toContain(heading);
    }
    expect(review).toContain(`**Overall score: ${weak.score.total}/100`);
    expect(review).toMatch(/“team player”/);
    expect(review).toMatch(/26 months between Dec 2016 and Mar 2019/);
    expect(review).toMatch(/^\d+\. Add substance: 1\d\d words is thin/m);
    expect(review).toMatch(/rule-based resume analyser/);
  });

  it('heading detection accepts common variants and rejects sentences', () => {
    expect(headingKey('WORK EXPERIENCE')).toBe('experience');
    expect(headingKey('Licenses & Certifications')).toBe('certifications');
    expect(headingKey('Skills:')).toBe('skills');
    expect(headingKey('Experience leading teams of engineers across time zones')).toBeNull();
  });
});

describe('unusable PDFs get clear messages', () => {
  it('warming up the reader succeeds and reading still works after it', async () => {
    await warmUpPdfReader();
    expect((await readPdfText(await fixtures.strongResume())).pages).toHaveLength(1);
  });

  it('image-only (scanned) PDF: no selectable text', async () => {
    const error = await rejection(await fixtures.imageOnlyResume());
    expect(error.message).toBe(NO_TEXT_MESSAGE);
    expect(error.message).toMatch(/^This PDF has no selectable text/);
  });

  it('a PNG named .pdf: not a PDF (415)', async () => {
    const error = await rejection(fixtures.notAPdf());
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/Please upload a PDF file/);
  });

  it('a corrupt PDF: damaged or incomplete', async () => {
    expect((await rejection(await fixtures.corruptPdf())).message).toMatch(/damaged or incomplete/);
  });

  it('an encrypted PDF: password-protected', async () => {
    expect((await rejection(fixtures.encryptedPdf())).message).toMatch(/password-protected/);
  });

  it('more than 10 pages: refused with the count', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    for (let i = 0; i < 11; i++) doc.addPage();
    expect((await rejection(await doc.save())).message).toMatch(/has 11 pages; resumes of up to 10 pages/);
  });
});
