import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImageInputError, normalizeImageUpload } from '../image-input.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/images');

async function rejection(promise: Promise<unknown>): Promise<ImageInputError> {
  const error = await promise.then(
    () => { throw new Error('expected the upload to be refused'); },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageInputError);
  return error as ImageInputError;
}

/** CRC32 over a PNG chunk's type and data, as the PNG spec requires. */
function crc32(buf: Buffer): number {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit greyscale PNG of any size whose zeros compress to almost nothing. */
function solidPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('normalizeImageUpload', () => {
  let chelsea: Buffer; // 451x300 RGB photo

  beforeAll(async () => {
    chelsea = await readFile(path.join(fixtures, 'chelsea.png'));
  });

  it('when given a real PNG photo, then it returns an 8-bit RGB PNG of the same size', async () => {
    const out = await normalizeImageUpload(chelsea);
    expect(out).toMatchObject({ width: 451, height: 300, format: 'png' });
    const meta = await sharp(out.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 451, height: 300, depth: 'uchar', space: 'srgb' });
  });

  it('when given a JPEG, WebP, AVIF or TIFF, then it accepts it by content and reports the real format', async () => {
    for (const [format, bytes] of [
      ['jpeg', await sharp(chelsea).jpeg().toBuffer()],
      ['webp', await sharp(chelsea).webp().toBuffer()],
      ['avif', await sharp(chelsea).resize(64).avif().toBuffer()],
      ['tiff', await sharp(chelsea).tiff().toBuffer()],
    ] as const) {
      const out = await normalizeImageUpload(bytes);
      expect(out.format).toBe(format);
      expect((await sharp(out.png).metadata()).format).toBe('png');
    }
  });

  it('when the PNG has transparency, then the alpha channel is kept', async () => {
    const rgba = await sharp({ create: { width: 20, height: 10, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } }).png().toBuffer();
    const out = await normalizeImageUpload(rgba);
    const { data, info } = await sharp(out.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBeGreaterThan(120);
    expect(data[3]).toBeLessThan(135);
  });

  it('when a text file is named .png, then it is refused as not an image (415)', async () => {
    const error = await rejection(normalizeImageUpload(Buffer.from('hello, I am definitely a picture.png\n'.repeat(20))));
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/not an image we can read.*JPEG, PNG, WebP, GIF, AVIF or TIFF/);
  });

  it('when a PNG is truncated, then it is refused as damaged (400)', async () => {
    const truncated = chelsea.subarray(0, Math.floor(chelsea.length / 2));
    const error = await rejection(normalizeImageUpload(truncated));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/damaged or incomplete/);
  });

  it('when a tiny PNG declares 12000x12000 pixels (decompression bomb), then it is refused before decoding (413)', async () => {
    const bomb = solidPng(12_000, 12_000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    const error = await rejection(normalizeImageUpload(bomb));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error.status).toBe(413);
    expect(error.message).toBe('The image is 12000×12000 pixels (144 megapixels); the limit is 40 megapixels. Please upload a smaller image.');
  });

  it('when the file is bigger than the byte limit, then it is refused (413)', async () => {
    const error = await rejection(normalizeImageUpload(chelsea, { maxBytes: 100_000 }));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/limit is 0\.1 MB/);
  });

  it('when the file is empty, then it says so (400)', async () => {
    const error = await rejection(normalizeImageUpload(Buffer.alloc(0)));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/empty/);
  });

  it('when the file is an SVG, then it is refused as unsupported (415)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>');
    const error = await rejection(normalizeImageUpload(svg));
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/^SVG files are not supported/);
  });

  it('when the file is a PDF, then it is refused as unsupported (415)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const error = await rejection(normalizeImageUpload(pdf));
    expect(error.status).toBe(415);
  });

  it('when the JPEG is CMYK, then the output is 8-bit sRGB with similar colours', async () => {
    const cmyk = await sharp(chelsea).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const out = await normalizeImageUpload(cmyk);
    const meta = await sharp(out.png).metadata();
    expect(meta).toMatchObject({ space: 'srgb', channels: 3, depth: 'uchar' });
    const original = await sharp(chelsea).removeAlpha().raw().toBuffer();
    const converted = await sharp(out.png).raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < original.length; i += 1) diff += Math.abs(original[i] - converted[i]);
    expect(diff / original.length).toBeLessThan(20); // colours survived the round trip, not inverted
  });

  it('when the PNG is 16-bit, then the output is 8-bit', async () => {
    const deep = await sharp(chelsea).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const out = await normalizeImageUpload(deep);
    expect(await sharp(out.png).metadata()).toMatchObject({ depth: 'uchar', space: 'srgb', width: 451, height: 300 });
  });

  it('when the JPEG carries EXIF orientation 6, then the image is turned upright', async () => {
    const rotated = await sharp(chelsea).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await normalizeImageUpload(rotated);
    expect([out.width, out.height]).toEqual([300, 451]);
    const meta = await sharp(out.png).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 451, undefined]);
  });

  it('when the GIF is animated, then the first frame is used', async () => {
    const frame = (r: number, g: number, b: number) => Buffer.alloc(16 * 16 * 3).map((_, i) => [r, g, b][i % 3]);
    const frames = Buffer.concat([frame(250, 0, 0), frame(0, 250, 0), frame(0, 0, 250)]);
    const gif = await sharp(frames, { raw: { width: 16, height: 48, channels: 3, pageHeight: 16 } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const out = await normalizeImageUpload(gif);
    expect([out.width, out.height, out.format]).toEqual([16, 16, 'gif']);
    const { data } = await sharp(out.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red: frame one
    expect(data[1]).toBeLessThan(40);
  });
});
