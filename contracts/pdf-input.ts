/**
 * The cheap check the api runs on an uploaded resume before enqueueing it, and the worker repeats
 * on the bytes it reads: the content must be a PDF (magic bytes, not the file name) of at most
 * 10 MB. Opening the document (encryption, pages, text layer) is the pdf worker's job.
 */
import zlib from 'node:zlib';

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_PAGES = 10;

/** A rejected upload; `status` is the HTTP status for the api's reply. */
export class InputError extends Error {
  constructor(message: string, readonly status: 400 | 413 | 415 | 422) {
    super(message);
    this.name = 'InputError';
  }
}

/** The problem with these bytes as a PDF upload, or null when they pass. */
export function pdfUploadProblem(bytes: Uint8Array): InputError | null {
  if (bytes.length === 0) return new InputError('The uploaded file is empty. Please choose your resume PDF again.', 400);
  if (bytes.length > MAX_PDF_BYTES) {
    const mb = (bytes.length / 1024 / 1024).toFixed(2);
    return new InputError(`This PDF is ${mb} MB; the limit is 10 MB. Please upload a smaller file.`, 413);
  }
  // The PDF format allows junk before the header; readers look in the first 1024 bytes.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) return new InputError('Please upload a PDF file. This file is not a PDF, whatever its name says.', 415);
  return null;
}

export async function checkPdfUpload(bytes: Buffer): Promise<void> {
  const problem = pdfUploadProblem(bytes);
  if (problem) throw problem;
}

/** What one stream, and all streams together, may unpack to: far above any real resume. */
export const MAX_INFLATED_STREAM_BYTES = 64 * 1024 * 1024;
export const MAX_INFLATED_TOTAL_BYTES = 192 * 1024 * 1024;
/** Nested FlateDecode layers followed when sizing a stream. */
const MAX_FLATE_LAYERS = 4;

export const PDF_TOO_LARGE_MESSAGE =
  'This PDF is too large to read: its contents unpack to far more than any resume needs. Export your resume again as a simple text PDF and upload that.';

/**
 * Unpacks every Flate stream up to the caps, without keeping the result, before the PDF reader
 * sees the file: a 1 MB "zip bomb" stream otherwise inflates to gigabytes inside pdfjs. Streams
 * that are not zlib data are left to the reader (other filters expand far less).
 */
export function pdfInflationProblem(bytes: Uint8Array): InputError | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const text = buffer.toString('latin1');
  let budget = MAX_INFLATED_TOTAL_BYTES;
  for (const data of streamsOf(buffer, text)) {
    const unpacked = inflatedSize(data, Math.min(budget, MAX_INFLATED_STREAM_BYTES), MAX_FLATE_LAYERS);
    if (unpacked === null) return new InputError(PDF_TOO_LARGE_MESSAGE, 413);
    budget -= unpacked;
  }
  return null;
}

/**
 * The raw data of every `stream … endstream` in the file, in order (`text` is the file read as
 * latin1, so its offsets are the buffer's).
 */
function* streamsOf(buffer: Buffer, text: string): Generator<Buffer> {
  for (let at = text.indexOf('stream'); at !== -1; at = text.indexOf('stream', at + 6)) {
    if (text.startsWith('end', at - 3)) continue;
    const eol = text[at + 6] === '\r' && text[at + 7] === '\n' ? 2 : text[at + 6] === '\n' || text[at + 6] === '\r' ? 1 : 0;
    if (eol === 0) continue;
    const start = at + 6 + eol;
    const end = text.indexOf('endstream', start);
    if (end === -1) return;
    yield buffer.subarray(start, end);
    at = end;
  }
}

/** Bytes `data` unpacks to through nested zlib layers, or null when that exceeds `limit`. */
function inflatedSize(data: Buffer, limit: number, layers: number): number | null {
  if (layers === 0 || data.length < 2 || !looksLikeZlib(data)) return 0;
  let inflated: Buffer;
  try {
    // Z_SYNC_FLUSH: a truncated stream still yields what it holds, as the PDF reader would read it.
    inflated = zlib.inflateSync(data, { maxOutputLength: Math.max(1, limit), finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return null;
    return 0; // not zlib after all: the reader decides
  }
  const inner = inflatedSize(inflated, limit - inflated.length, layers - 1);
  return inner === null ? null : inflated.length + inner;
}

/** A zlib header: deflate method, a window of at most 32 KB, and a valid check value. */
function looksLikeZlib(data: Buffer): boolean {
  return (data[0]! & 0x0f) === 8 && data[0]! >> 4 <= 7 && ((data[0]! << 8) | data[1]!) % 31 === 0;
}

/**
 * Pixels one image in a PDF may have: a 600 dpi A4 scan is 35 megapixels. The reader decodes an
 * image whole (a JPEG's buffers are sized from its own frame header), so this is checked from the
 * headers before anything is decoded.
 */
export const MAX_PDF_IMAGE_PIXELS = 40_000_000;
/** How far into a (possibly Flate-packed) image stream its JPEG / JPEG 2000 header is looked for. */
const IMAGE_HEADER_SCAN_BYTES = 8 * 1024 * 1024;

export function pdfImageTooLargeMessage(width: number, height: number, maxPixels = MAX_PDF_IMAGE_PIXELS): string {
  const mp = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;
  return `This PDF holds an image of ${width}×${height} pixels (${mp(width * height)}); images of up to ${mp(maxPixels)} can be read. Export your resume again (as a text PDF, or with the scan at 300 dpi) and upload that.`;
}

export const PDF_IMAGE_UNREADABLE_MESSAGE =
  'This PDF holds an image whose size cannot be read, so it was not opened. Export your resume again as a text PDF and upload that.';

/**
 * The first image of this PDF whose pixels exceed `maxPixels`, judged before any decoding from
 * what declares a size: every image dictionary (/Width, /Height, also as indirect numbers), every
 * inline image (BI /W /H), and the frame header of every embedded JPEG or JPEG 2000 codestream
 * (which the decoder trusts over the dictionary). Run after pdfInflationProblem, which bounds what
 * the Flate streams unpack to.
 */
export function pdfImageProblem(bytes: Uint8Array, maxPixels = MAX_PDF_IMAGE_PIXELS): InputError | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const text = buffer.toString('latin1');
  const tooLarge = (size: ImageSize | null): InputError | null =>
    size && size.width * size.height > maxPixels ? new InputError(pdfImageTooLargeMessage(size.width, size.height, maxPixels), 413) : null;

  // Image dictionaries, wherever they are (page resources, forms, patterns, soft masks, Type3 fonts).
  for (const match of text.matchAll(/\/Subtype\s*\/Image\b/g)) {
    const dict = enclosingDictionary(text, match.index);
    const size = { width: dictNumber(text, dict, 'Width'), height: dictNumber(text, dict, 'Height') };
    if (size.width !== null && size.height !== null) {
      const problem = tooLarge(size as ImageSize);
      if (problem) return problem;
    }
  }
  // Every stream's data: an image codestream's own header, and inline images in content streams.
  for (const stream of streamsOf(buffer, text)) {
    for (const data of unpackedLayers(stream, MAX_FLATE_LAYERS)) {
      const codestream = codestreamSize(data);
      if (codestream === 'unreadable') return new InputError(PDF_IMAGE_UNREADABLE_MESSAGE, 422);
      const problem = tooLarge(codestream) ?? inlineImageProblem(data, tooLarge);
      if (problem) return problem;
    }
  }
  return null;
}

interface ImageSize { width: number; height: number }

/** The text of the << … >> dictionary around `at` (nested dictionaries included). */
function enclosingDictionary(text: string, at: number): string {
  let depth = 0;
  let open = at;
  for (let i = at; i >= 0 && at - i < 65_536; i--) {
    if (text.startsWith('>>', i - 1) && i >= 1) { depth++; i--; continue; }
    if (text.startsWith('<<', i - 1) && i >= 1) {
      if (depth === 0) { open = i - 1; break; }
      depth--; i--;
    }
  }
  const close = text.indexOf('stream', at);
  return text.slice(open, close === -1 ? at + 4096 : Math.min(close, at + 65_536));
}

/** /Key n or /Key n g R (resolved when that object is a plain number); null when absent or unresolved. */
function dictNumber(text: string, dict: string, key: string): number | null {
  const match = new RegExp(`/${key}\\s*(?:(\\d+)\\s+(\\d+)\\s+R|([-+]?\\d*\\.?\\d+))`).exec(dict);
  if (!match) return null;
  if (match[3] !== undefined) return Math.abs(Number(match[3]));
  const object = new RegExp(`(?:^|[^\\d])${match[1]}\\s+${match[2]}\\s+obj\\s*([-+]?\\d*\\.?\\d+)\\s*endobj`).exec(text);
  return object ? Math.abs(Number(object[1])) : null;
}

/** The stream's data and what its nested zlib layers unpack to, each read only up to the header scan bound. */
function unpackedLayers(data: Buffer, layers: number): Buffer[] {
  const out = [data];
  let current = data;
  for (let layer = 0; layer < layers && current.length >= 2 && looksLikeZlib(current); layer++) {
    // A prefix of the input bounds the output (deflate expands at most ~1032×); enough for any header.
    const input = current.length > IMAGE_HEADER_SCAN_BYTES / 1032 ? current.subarray(0, Math.floor(IMAGE_HEADER_SCAN_BYTES / 1032)) : current;
    try {
      current = zlib.inflateSync(input, { maxOutputLength: IMAGE_HEADER_SCAN_BYTES * 2, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch {
      break;
    }
    out.push(current);
  }
  return out;
}

const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * The frame size a JPEG or JPEG 2000 codestream at the start of `data` declares; null when `data`
 * is neither; 'unreadable' for a JPEG whose frame header is not where it must be (a decoder would
 * find one further on and trust it).
 */
function codestreamSize(data: Buffer): ImageSize | null | 'unreadable' {
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2;
    while (i + 4 <= data.length) {
      if (data[i] !== 0xff) { i++; continue; } // pad bytes between segments
      const marker = data[i + 1]!;
      if (marker === 0xff) { i++; continue; }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) { i += 2; continue; }
      if (JPEG_FRAME_MARKERS.has(marker)) {
        if (i + 9 > data.length) return 'unreadable';
        // Height 0 means "given later by a DNL marker": the decoder then sizes by the dictionary.
        return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
      }
      if (marker === 0xda || marker === 0xd9) return 'unreadable';
      i += 2 + data.readUInt16BE(i + 2);
    }
    return 'unreadable';
  }
  // JPEG 2000: a raw codestream starts SOC, SIZ; a JP2 file holds one after its boxes.
  const isJpx = data.length >= 12 && (data.readUInt32BE(0) === 0xff4fff51 || data.subarray(4, 8).toString('latin1') === 'jP  ');
  if (!isJpx) return null;
  const siz = data.subarray(0, IMAGE_HEADER_SCAN_BYTES).indexOf(Buffer.from([0xff, 0x4f, 0xff, 0x51]));
  if (siz === -1 || siz + 24 > data.length) return 'unreadable';
  const at = siz + 4; // Lsiz, Rsiz, Xsiz, Ysiz, XOsiz, YOsiz
  return { width: data.readUInt32BE(at + 4) - data.readUInt32BE(at + 12), height: data.readUInt32BE(at + 8) - data.readUInt32BE(at + 16) };
}

/** An inline image (BI … ID) in a content stream declaring more pixels than allowed. */
function inlineImageProblem(data: Buffer, tooLarge: (size: ImageSize | null) => InputError | null): InputError | null {
  const text = data.subarray(0, IMAGE_HEADER_SCAN_BYTES).toString('latin1');
  for (const match of text.matchAll(/(?:^|[\s\]>)])BI[\s/]/g)) {
    const id = text.indexOf('ID', match.index);
    const dict = text.slice(match.index, id === -1 ? match.index + 4096 : Math.min(id, match.index + 4096));
    const width = /\/(?:W|Width)\s*(\d+)/.exec(dict);
    const height = /\/(?:H|Height)\s*(\d+)/.exec(dict);
    const problem = width && height ? tooLarge({ width: Number(width[1]), height: Number(height[1]) }) : null;
    if (problem) return problem;
  }
  return null;
}
