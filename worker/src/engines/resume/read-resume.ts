/**
 * Reads a resume PDF: its text layer when it has one, else (a scan or an exported picture) the
 * text OCR finds in its page images. The caller is told which, so the review can say the text was
 * read from a picture — something many applicant tracking systems cannot do.
 */
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { ocrPdf } from './ocr.js';
import { NO_TEXT_MESSAGE, readPdfText, type PdfText } from './pdf-text.js';

/** Fewer OCR lines than this is not a resume we can review (a photo, a blank scan). */
const MIN_OCR_LINES = 10;

export interface ReadResume {
  pdf: PdfText;
  /** The text was read by OCR. */
  ocr: boolean;
  /** Pages of a picture-only PDF left unread (OCR reads the first few). */
  unreadPages: number;
}

export async function readResume(bytes: Uint8Array, signal?: AbortSignal): Promise<ReadResume> {
  try {
    return { pdf: await readPdfText(bytes, signal), ocr: false, unreadPages: 0 };
  } catch (error) {
    if (!(error instanceof UserFacingJobError) || error.message !== NO_TEXT_MESSAGE) throw error;
  }
  const { pdf, totalPages } = await ocrPdf(bytes, signal);
  const lines = pdf.pages.reduce((n, p) => n + p.runs.length, 0);
  if (lines < MIN_OCR_LINES) throw new UserFacingJobError(NO_TEXT_MESSAGE, 422);
  return { pdf, ocr: true, unreadPages: totalPages - pdf.pages.length };
}
