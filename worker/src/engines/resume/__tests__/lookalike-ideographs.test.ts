/**
 * CJK text whose font maps some glyphs to the Kangxi radicals' or the compatibility ideographs'
 * code points (U+2F6C "⽬" for 目): read as the ideographs they stand for, so headings and words
 * are known ("项⽬经历" is the projects section).
 */
import { PDFDocument, PDFName, StandardFonts, type PDFDict } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../pdf-text.js';
import { exactHeadingKey } from '../headings.js';

/** A page drawing "ABC…" in a font whose ToUnicode map reads those bytes as `text`, one letter a character. */
async function pageReading(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const chars = [...text];
  page.drawText('ABCDEFGH'.slice(0, chars.length), { x: 72, y: 700, size: 14, font });
  const hex = (c: string) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  const cmap = [
    '/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
    '/CMapName /Lookalike def', '/CMapType 2 def',
    '1 begincodespacerange', '<00> <FF>', 'endcodespacerange',
    `${chars.length} beginbfchar`, ...chars.map((c, k) => `<${(0x41 + k).toString(16).toUpperCase()}> <${hex(c)}>`), 'endbfchar',
    'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end',
  ].join('\n');
  await doc.flush();
  const dict = doc.context.lookup(font.ref) as PDFDict;
  dict.set(PDFName.of('ToUnicode'), doc.context.register(doc.context.stream(cmap)));
  return doc.save();
}

describe('look-alike code points for CJK ideographs', () => {
  it('a Kangxi radical is read as the ideograph it stands for', async () => {
    const pdf = await readPdfText(await pageReading('项\u2F6C经历'));
    const text = pdf.pages[0].runs.map((r) => r.text).join('');
    expect(text).toBe('项目经历');
    expect(exactHeadingKey(text)).toBe('projects');
  });

  it('so is a compatibility ideograph', async () => {
    const pdf = await readPdfText(await pageReading('\uF98C史'));
    expect(pdf.pages[0].runs.map((r) => r.text).join('')).toBe('\u6B77史');
  });

  it('other text is read as it is', async () => {
    const pdf = await readPdfText(await pageReading('Café'));
    expect(pdf.pages[0].runs.map((r) => r.text).join('')).toBe('Café');
  });
});
