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
  constructor(message: string, readonly status: 400 | 413 | 415) {
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
  for (let at = text.indexOf('stream'); at !== -1; at = text.indexOf('stream', at + 6)) {
    if (text.startsWith('end', at - 3)) continue;
    const eol = text[at + 6] === '\r' && text[at + 7] === '\n' ? 2 : text[at + 6] === '\n' || text[at + 6] === '\r' ? 1 : 0;
    if (eol === 0) continue;
    const start = at + 6 + eol;
    const end = text.indexOf('endstream', start);
    if (end === -1) break;
    const unpacked = inflatedSize(buffer.subarray(start, end), Math.min(budget, MAX_INFLATED_STREAM_BYTES), MAX_FLATE_LAYERS);
    if (unpacked === null) return new InputError(PDF_TOO_LARGE_MESSAGE, 413);
    budget -= unpacked;
    at = end;
  }
  return null;
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
