/**
 * The cheap check the api runs on an uploaded resume before enqueueing it, and the worker repeats
 * on the bytes it reads: the content must be a PDF (magic bytes, not the file name) of at most
 * 10 MB. Opening the document (encryption, pages, text layer) is the pdf worker's job.
 */
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
  // The spec allows junk before the header; readers look in the first 1024 bytes.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) return new InputError('Please upload a PDF file. This file is not a PDF, whatever its name says.', 415);
  return null;
}

export async function checkPdfUpload(bytes: Buffer): Promise<void> {
  const problem = pdfUploadProblem(bytes);
  if (problem) throw problem;
}
