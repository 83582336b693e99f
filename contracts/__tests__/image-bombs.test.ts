/**
 * Pixel bombs in image uploads: a file of a few hundred bytes whose header claims a huge size is
 * refused from the header (413), for every accepted format, before anything is decoded: the
 * memory of the whole process tree stays bounded.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { peakTreeRssGrowth } from '../../tests/support/process-tree-rss.js';
import { ImageInputError, inspectImageUpload, normalizeImageUpload } from '../image-input.js';

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

/** An RGB PNG header claiming width×height, with one short row of data. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG: quantisation table, a frame header claiming width×height, a scan of zeros. */
function jpegHeader(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
  return Buffer.from([
    0xff, 0xd8,
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0]),
    ...segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...Array<number>(512).fill(0),
    0xff, 0xd9,
  ]);
}

/** A real 1×1 lossless WebP whose VP8L header is rewritten to claim width×height (at most 16383 each, the loader's own bound). */
async function webpHeader(width: number, height: number): Promise<Buffer> {
  const webp = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).webp({ lossless: true }).toBuffer());
  const at = webp.indexOf('VP8L', 12, 'ascii') + 8 + 1; // chunk header, then the 0x2f signature
  const bits = webp.readUInt32LE(at);
  webp.writeUInt32LE(((bits & ~0x0fffffff) | (width - 1) | ((height - 1) << 14)) >>> 0, at);
  return webp;
}

/** A GIF whose logical screen and one frame are width×height. */
function gifHeader(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  const frame = Buffer.alloc(10);
  frame[0] = 0x2c;
  frame.writeUInt16LE(width, 5);
  frame.writeUInt16LE(height, 7);
  return Buffer.concat([Buffer.from('GIF89a', 'ascii'), screen, frame, Buffer.from([2, 2, 0x4c, 0x01, 0, 0x3b])]);
}

const BOMBS: Array<[string, () => Buffer | Promise<Buffer>]> = [
  ['JPEG', () => jpegHeader(60000, 60000)],
  ['PNG', () => pngHeader(100_000, 100_000)],
  ['WebP', () => webpHeader(16383, 16383)],
  ['GIF', () => gifHeader(65535, 65535)],
];

describe('image pixel bombs', () => {
  for (const [format, make] of BOMBS) {
    it(`when a ${format} of a few hundred bytes claims a huge size, then it is refused with a 413 from its header and memory stays bounded`, async () => {
      const bomb = await make();
      expect(bomb.length).toBeLessThan(2048);
      for (const check of [inspectImageUpload, normalizeImageUpload]) {
        const { result, growthMb } = await peakTreeRssGrowth(() => check(bomb));
        expect(result).toBeInstanceOf(ImageInputError);
        expect((result as ImageInputError).status).toBe(413);
        expect((result as Error).message).toMatch(/pixels .*; the limit is 40 megapixels\. Please upload a smaller image\./);
        expect(growthMb).toBeLessThan(150);
      }
    });
  }
});
