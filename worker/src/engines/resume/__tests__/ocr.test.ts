/**
 * Picture-only resumes: read offline with OCR (model from @tesseract.js-data/eng, engine from
 * tesseract.js-core; nothing downloaded), then reviewed like any other, with a notice.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../../../tests/fixtures/resumes/resume-fixtures.js';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { analyseResume } from '../analysis.js';
import { buildLayout } from '../layout.js';
import { NO_TEXT_MESSAGE } from '../pdf-text.js';
import { readResume } from '../read-resume.js';
import { renderReview } from '../review.js';

describe('image-only resumes', () => {
  it('imageonly_hariprasath.pdf: OCR reads name, contacts and sections; the review says the text came from a picture', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../../../../../tests/fixtures/real-resumes/imageonly_hariprasath.pdf', import.meta.url)));
    const { pdf, ocr } = await readResume(bytes);
    expect(ocr).toBe(true);
    const layout = buildLayout(pdf);
    const text = layout.lines.map((l) => l.text).join('\n');
    expect(text).toMatch(/Educational Qualification/);
    expect(text).toMatch(/GOBI ARTS/);
    const a = analyseResume(layout, pdf, { ocr, now: new Date('2026-11-24T00:00:00Z') });
    expect(a.language).toBe('en');
    expect(a.contact).toMatchObject({ phone: '8248937788', email: 'hariprasathtpm@gmail.com' });
    expect(a.contact.linkedin).toMatch(/linkedin\.com\/in\/mr-s-hariprasath/);
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['summary', 'skills', 'education', 'languages', 'certifications']));
    // Exactly the picture's headings, each with the icon OCR reads before it: no body line ("and
    // knowledge." ending a sentence) taken for one, none lost.
    expect(a.parsed.sections.map((s) => s.heading)).toEqual(['2 About Me', '|B Contact', 'Skills', 'Language', 'Educational Qualification', 'Interpersonal Skills', 'Certification', 'Declaration']);
    // Two columns on the picture are read one after the other.
    expect(layout.pages[0].gutterX).not.toBeNull();
    expect(a.ats.map((r) => r.id)).toEqual(expect.arrayContaining(['image-only', 'multi-column']));
    const md = renderReview(a);
    expect(md).toMatch(/read from a picture of the page \(OCR\)/);
    expect(md).toMatch(/Many applicant tracking systems cannot read a picture/);
    expect(md).not.toMatch(/no LinkedIn|Add your LinkedIn/i);
  }, 120_000);

  it('a picture-only PDF longer than two pages: the first two are read and the review says the rest were not', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const source = await PDFDocument.load(readFileSync(new URL('../../../../../tests/fixtures/real-resumes/imageonly_hariprasath.pdf', import.meta.url)));
    const doc = await PDFDocument.create();
    for (const page of await doc.copyPages(source, [0, 0, 0])) doc.addPage(page);
    const { pdf, ocr, unreadPages } = await readResume(await doc.save());
    expect(pdf.pages).toHaveLength(2);
    expect(unreadPages).toBe(1);
    const a = analyseResume(buildLayout(pdf), pdf, { ocr, unreadPages });
    expect(a.notices).toContain('Only the first 2 pages were read by OCR; 1 more was not reviewed.');
    // Its length is the file's, unread pages included: three pages are long outside academia.
    expect(a.pageCount).toBe(3);
    expect(renderReview(a)).toMatch(/3 pages is long for a non-academic resume/);
  }, 180_000);

  it('a picture set on a third of the page is read at the resolution the whole page would get: its small print is read', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const { PDFDocument } = await import('pdf-lib');
    const lines = ['Robin Vale', 'EXPERIENCE', 'Analyst, Northwind Traders', 'Built the weekly sales report', 'Cut report preparation to four hours', 'EDUCATION',
      'BSc Economics, Lakeside University', 'SKILLS', 'Python, SQL, Tableau', 'LANGUAGES', 'English, Spanish'];
    // Letters 16 px high in a 1200 px wide picture drawn 228 pt wide: at the whole page's scale
    // they would be about 7 px high, too small to read.
    const canvas = createCanvas(1200, 3000);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = 'white';
    ctx.fillRect(0, 0, 1200, 3000);
    ctx.fillStyle = 'black';
    ctx.font = '16px sans-serif';
    lines.forEach((text, i) => ctx.fillText(text, 40, 80 + i * 35));
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.drawImage(await doc.embedPng(canvas.toBuffer('image/png')), { x: 40, y: 792 - 40 - 570, width: 228, height: 570 });
    const { pdf, ocr } = await readResume(await doc.save());
    expect(ocr).toBe(true);
    const text = pdf.pages[0]!.runs.map((r) => r.text).join('\n');
    for (const words of ['EXPERIENCE', 'Northwind Traders', 'Lakeside University', 'Tableau']) expect(text).toContain(words);
    // Where the words are is still given on the page: the picture's left edge is 40 pt in.
    const northwind = pdf.pages[0]!.runs.find((r) => r.text.includes('Northwind'))!;
    expect(northwind.x).toBeGreaterThan(40);
    expect(northwind.x).toBeLessThan(60);
  }, 120_000);

  it('a picture with no text in it: still the clear "no selectable text" message', async () => {
    const error = await readResume(await fixtures.imageOnlyResume()).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(UserFacingJobError);
    expect((error as Error).message).toBe(NO_TEXT_MESSAGE);
  }, 120_000);
});
