/**
 * Decompression bombs: a small PDF whose streams unpack to far more than any resume must be
 * refused with a clear "too large to read" (413) before it fills memory, and a PDF that blows the
 * reader's heap kills only the reader process; the next resume is read as usual.
 */
import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber, type PDFRef } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import * as fixtures from '../../../../../tests/fixtures/resumes/resume-fixtures.js';
import { readPdfText, warmUpPdfReader } from '../pdf-text.js';

/** Deflates `total` bytes produced chunk by chunk, so the test never holds the unpacked data. */
async function deflateRepeated(chunk: Buffer, total: number, levels = 1, prefix = ''): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(Buffer.from(prefix, 'latin1'));
  for (let written = 0; written < total; written += chunk.length) {
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  let packed = Buffer.concat(out);
  for (let level = 1; level < levels; level++) packed = zlib.deflateSync(packed, { level: 9 });
  return packed;
}

/** A one-page PDF whose content stream is `packed`, declared with `levels` FlateDecode filters. */
async function pdfWithContent(packed: Buffer, levels = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica' });
  page.node.setFontDictionary(PDFName.of('F1'), doc.context.register(font) as PDFRef);
  const filters = Array.from({ length: levels }, () => PDFName.of('FlateDecode'));
  const stream = doc.context.stream(packed, { Filter: levels === 1 ? filters[0] : doc.context.obj(filters), Length: PDFNumber.of(packed.length) });
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return doc.save({ useObjectStreams: false });
}

async function peakRssGrowth<T>(run: () => Promise<T>): Promise<{ result: T | unknown; growthMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  const result = await run().catch((error: unknown) => error);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { result, growthMb: (peak - before) / 1024 / 1024 };
}

function expectTooLarge(error: unknown): void {
  expect(error).toBeInstanceOf(UserFacingJobError);
  expect((error as UserFacingJobError).status).toBe(413);
  expect((error as Error).message).toMatch(/too large to read/);
}

describe('PDF decompression bombs', () => {
  // A loaded reader thread, so the memory measured is the bomb's, not pdfjs loading.
  beforeAll(() => warmUpPdfReader(), 60_000);

  it('when a 1 MB PDF unpacks to 1 GiB, then a 413 says it is too large to read and memory stays bounded', async () => {
    const bomb = await pdfWithContent(await deflateRepeated(Buffer.alloc(1 << 20), 1 << 30));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const { result, growthMb } = await peakRssGrowth(() => readPdfText(bomb));
    expectTooLarge(result);
    expect(growthMb).toBeLessThan(400);
  }, 60_000);

  it('when the bomb is packed twice (two FlateDecode filters), then it is refused the same way', async () => {
    const bomb = await pdfWithContent(await deflateRepeated(Buffer.alloc(1 << 20), 1 << 30, 2), 2);
    const { result, growthMb } = await peakRssGrowth(() => readPdfText(bomb));
    expectTooLarge(result);
    expect(growthMb).toBeLessThan(400);
  }, 60_000);

  it('when millions of text runs would fill the reader’s heap, then only the reader process dies and the next resume is read', async () => {
    // Each run on its own line: pdfjs keeps every one as an object with its own transform.
    const flood = await pdfWithContent(await deflateRepeated(Buffer.from('(ab) Tj 0 -12 Td '.repeat(4096), 'latin1'), 60 * 1024 * 1024, 1, 'BT /F1 9 Tf 72 700 Td '));
    const { result } = await peakRssGrowth(() => readPdfText(flood));
    expectTooLarge(result);
    const pdf = await readPdfText(await fixtures.strongResume());
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.runs.length).toBeGreaterThan(10);
  }, 120_000);
});
