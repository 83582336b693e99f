/**
 * Accented letters drawn as a plain letter and a spacing accent of their own (TeX's OT1 fonts draw
 * every one so): read back as one letter, with a space before it only where the page leaves one.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../pdf-text.js';

const SIZE = 11;

/** Draws `before`, then `letter` with `accent` centred over it (raised by `raise` points), then `after`, from x = 72. */
function drawAccented(page: PDFPage, font: PDFFont, row: number, before: string, accent: string, letter: string, after: string, raise = 0): void {
  const y = 792 - row;
  const width = (text: string) => font.widthOfTextAtSize(text, SIZE);
  page.drawText(before, { x: 72, y, size: SIZE, font });
  const at = 72 + width(before);
  page.drawText(accent, { x: at + (width(letter) - width(accent)) / 2, y: y + raise, size: SIZE, font });
  page.drawText(letter + after, { x: at, y, size: SIZE, font });
}

async function read(draw: (page: PDFPage, font: PDFFont) => void): Promise<string[]> {
  const doc = await PDFDocument.create();
  // Bold capitals are wider than the accent by more than pdfjs's space threshold: it puts a space
  // before the accent, which must go inside a word and stay after one.
  const font = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([612, 792]);
  draw(page, font);
  const pdf = await readPdfText(await doc.save());
  return pdf.pages[0].runs.map((r) => r.text);
}

describe('accents drawn apart from their letters', () => {
  it('an accent inside a word joins its letter with no space; after a space the space stays', async () => {
    const runs = await read((page, font) => {
      drawAccented(page, font, 100, 'EXPERI', '\u00b4', 'E', 'NCIAS');
      drawAccented(page, font, 115, 'Comp', '\u00b4', 'e', 'tences');
      drawAccented(page, font, 130, 'Participation ', '`', 'a', ' la comp');
      drawAccented(page, font, 160, 'Stra', '\u00a8', 'u', 'cher');
      drawAccented(page, font, 190, 'Ma', '\u02dc', 'n', 'ana');
    });
    const text = runs.join('|');
    expect(text).toContain('EXPERIÉNCIAS');
    expect(text).toContain('Compétences');
    expect(text).toContain('Participation à la comp');
    expect(text).toContain('Straücher');
    expect(text).toContain('Mañana');
    expect(text).not.toMatch(/[\u00b4`\u00a8\u02dc]/u);
  });

  it('a cedilla drawn as a glyph of its own before its letter is composed into it', async () => {
    const runs = await read((page, font) => {
      drawAccented(page, font, 100, 'Forma', '\u00b8', 'c', '\u00f5es');
      drawAccented(page, font, 115, 'Fran', '\u00b8', 'c', 'ais');
    });
    expect(runs.join('|')).toBe('Formações|Français');
  });

  it('an accent raised over a capital is composed into it', async () => {
    const runs = await read((page, font) => drawAccented(page, font, 100, '', '\u00b4', 'E', 'ducation', 2.5));
    expect(runs.join('|')).toBe('Éducation');
  });

  it('a backtick before a consonant in code stays a backtick', async () => {
    const runs = await read((page, font) => page.drawText('Run `npm test` first', { x: 72, y: 700, size: SIZE, font }));
    expect(runs.join('|')).toBe('Run `npm test` first');
  });
});
