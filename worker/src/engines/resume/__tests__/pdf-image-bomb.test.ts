/**
 * Pixel bombs: a few-KB PDF whose one image declares 16000×16000 pixels (its data packed by
 * RunLength inside Flate, or a JPEG frame header alone) would decode to gigabytes when the page is
 * rendered for OCR, or when the text pass builds the page. Both readers must refuse it from the
 * declared size with a 413 that is never retried, with the memory of the whole process tree (the
 * job's process and the reader processes it starts) bounded; the next resume is read as usual.
 */
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { pdfImageProblem } from '@craftwell/contracts/pdf-input';
import * as fixtures from '../../../../../tests/fixtures/resumes/resume-fixtures.js';
import { peakTreeRssGrowth } from '../../../../../tests/support/process-tree-rss.js';
import { ocrPdf } from '../ocr.js';
import { readPdfText, warmUpPdfReader } from '../pdf-text.js';
import { readResume } from '../read-resume.js';

/** A PDF from object bodies (object n is bodies[n-1]), with a correct cross-reference table. */
function rawPdf(bodies: Buffer[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  bodies.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

const dict = (text: string) => Buffer.from(text, 'latin1');
const stream = (entries: string, data: Buffer) =>
  Buffer.concat([dict(`<< ${entries} /Length ${data.length} >>\nstream\n`), data, dict('\nendstream')]);

/** One page showing one image (and a line of text, when given), the image's stream being `image`. */
function pdfWithImage(image: Buffer, text?: string): Uint8Array {
  const content = `q 612 0 0 792 0 0 cm /Im0 Do Q${text ? ` BT /F1 12 Tf 72 720 Td (${text}) Tj ET` : ''}`;
  return rawPdf([
    dict('<< /Type /Catalog /Pages 2 0 R >>'),
    dict('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    dict('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>'),
    stream('', dict(content)),
    image,
    dict('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ]);
}

/** An RGB image of width×height zero pixels: RunLength runs of 128 bytes, then Flate (~12 KB for 16000²). */
function runLengthImage(width: number, height: number): Buffer {
  const runs = Math.ceil((width * height * 3) / 128);
  const packed = Buffer.alloc(runs * 2 + 1).fill(Buffer.from([129, 0]));
  packed[packed.length - 1] = 128; // end of data
  const data = zlib.deflateSync(packed, { level: 9 });
  return stream(`/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter [/FlateDecode /RunLengthDecode]`, data);
}

/** A baseline JPEG that is little more than a frame header declaring width×height, 3 components. */
function jpegHeader(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
  return Buffer.from([
    0xff, 0xd8,
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0]),
    ...segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...Array<number>(64).fill(0),
    0xff, 0xd9,
  ]);
}

/** A DCT image whose dictionary declares `declared` and whose JPEG header declares width×height. */
function jpegImage(width: number, height: number, declared = { width, height }): Buffer {
  return stream(`/Type /XObject /Subtype /Image /Width ${declared.width} /Height ${declared.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`, jpegHeader(width, height));
}

function expectRefusedForSize(error: unknown): void {
  expect(error).toBeInstanceOf(UserFacingJobError);
  const refusal = error as UserFacingJobError;
  expect(refusal.status).toBe(413);
  expect(refusal.code).toBe('input_too_large');
  expect(refusal.retryable).toBe(false);
  expect(refusal.message).toMatch(/image of 16000×16000 pixels \(256 megapixels\); images of up to 40 megapixels can be read/);
}

describe('PDF pixel bombs', () => {
  // Loaded readers, so the memory measured is the bomb's, not pdfjs loading.
  beforeAll(() => warmUpPdfReader(), 60_000);

  it('when a picture-only PDF of a few KB holds a 16000×16000 RunLength image, then OCR refuses it with a 413 and the process tree stays bounded', async () => {
    const bomb = pdfWithImage(runLengthImage(16000, 16000));
    expect(bomb.length).toBeLessThan(20_000);
    // The OCR render on its own (another path to it must meet the same check), then the whole read.
    for (const read of [ocrPdf, readResume] as Array<(bytes: Uint8Array) => Promise<unknown>>) {
      const { result, growthMb } = await peakTreeRssGrowth(() => read(bomb));
      expectRefusedForSize(result);
      expect(growthMb).toBeLessThan(400);
    }
  }, 120_000);

  it('when a picture-only PDF of under 1 KB holds a JPEG header claiming 16000×16000, then OCR refuses it the same way', async () => {
    const bomb = pdfWithImage(jpegImage(16000, 16000));
    expect(bomb.length).toBeLessThan(1200);
    for (const read of [ocrPdf, readResume] as Array<(bytes: Uint8Array) => Promise<unknown>>) {
      const { result, growthMb } = await peakTreeRssGrowth(() => read(bomb));
      expectRefusedForSize(result);
      expect(growthMb).toBeLessThan(400);
    }
  }, 120_000);

  it('when the dictionary says 100×100 but the JPEG frame says 16000×16000, then the text pass refuses it (the decoder sizes by the frame)', async () => {
    const bomb = pdfWithImage(jpegImage(16000, 16000, { width: 100, height: 100 }), 'Jane Doe, software engineer');
    const { result, growthMb } = await peakTreeRssGrowth(() => readPdfText(bomb));
    expectRefusedForSize(result);
    expect(growthMb).toBeLessThan(400);
    // The reader that refused it reads the next resume as usual.
    const pdf = await readPdfText(await fixtures.strongResume());
    expect(pdf.pages[0]!.runs.length).toBeGreaterThan(10);
  }, 120_000);

  it('declared sizes are found wherever they are: indirect numbers, Flate-packed JPEGs, JPEG 2000, inline images', () => {
    const indirect = rawPdf([
      dict('<< /Type /Catalog /Pages 2 0 R >>'),
      dict('<< /Type /Pages /Kids [] /Count 0 >>'),
      stream('/Subtype /Image /Width 4 0 R /Height 5 0 R /BitsPerComponent 8 /ColorSpace /DeviceGray', Buffer.alloc(4)),
      dict('16000'),
      dict('16000'),
    ]);
    expect(pdfImageProblem(indirect)?.status).toBe(413);
    const flateJpeg = stream('/Subtype /Image /Width 10 /Height 10 /Filter [/FlateDecode /DCTDecode]', zlib.deflateSync(jpegHeader(16000, 16000)));
    expect(pdfImageProblem(rawPdf([flateJpeg]))?.status).toBe(413);
    const siz = Buffer.alloc(42);
    siz.writeUInt32BE(0xff4fff51, 0);
    siz.writeUInt16BE(38, 4);
    siz.writeUInt32BE(20000, 8); // Xsiz
    siz.writeUInt32BE(20000, 12); // Ysiz
    expect(pdfImageProblem(rawPdf([stream('/Subtype /Image /Width 10 /Height 10 /Filter /JPXDecode', siz)]))?.status).toBe(413);
    const inline = zlib.deflateSync(dict('q 612 0 0 792 0 0 cm BI /W 16000 /H 16000 /CS /RGB /BPC 8 /F /RL ID \x81\x00\x80 EI Q'));
    expect(pdfImageProblem(rawPdf([stream('/Filter /FlateDecode', inline)]))?.status).toBe(413);
    // A real-sized scan passes: 2480×3508 (A4 at 300 dpi).
    expect(pdfImageProblem(pdfWithImage(jpegImage(2480, 3508)))).toBeNull();
  });
});
