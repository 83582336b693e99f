/**
 * Reads a picture-only resume PDF with OCR, offline: pdfjs renders each page onto a canvas
 * (@napi-rs/canvas, which pdfjs uses in Node), and tesseract.js reads it with the English model
 * shipped in the @tesseract.js-data/eng package. Nothing is downloaded: the model comes from that
 * package's folder and tesseract's engine from tesseract.js-core in node_modules.
 * The result has the same shape as the text-layer reader's, so the same layout and review apply.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import Tesseract from 'tesseract.js';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { MAX_PDF_IMAGE_PIXELS, pdfImageProblem, pdfInflationProblem, pdfUploadProblem } from '@craftwell/contracts/pdf-input';
import { readInPdfThread, type OcrOutcome } from './pdf-reader-pool.js';
import type { PdfPage, TextRun } from './pdf-text.js';

/** OCR is slow: only the first pages of a picture-only resume are read. */
export const MAX_OCR_PAGES = 2;
/** Pixels per rendered page: enough for 9–10 pt text, bounded for memory and time. */
const MAX_PIXELS = 3_000_000;
/** Words read with less confidence than this are dropped (specks, photo texture). */
const MIN_WORD_CONFIDENCE = 40;
/** The font name OCR runs carry: their sizes are estimates from letter heights. */
export const OCR_FONT = 'OCR';

const require = createRequire(import.meta.url);

/** The folder holding eng.traineddata.gz (the LSTM "best_int" model tesseract.js uses by default). */
function englishModelFolder(): string {
  const { langPath } = require('@tesseract.js-data/eng') as { langPath: string };
  return path.join(path.dirname(langPath), '4.0.0_best_int');
}

/**
 * The pages OCR read, and how many pages the PDF has in all (only the first MAX_OCR_PAGES are
 * read). Rendering decodes every image on the page whole, so it runs in a reader process (heap
 * capped, killed on abort; pdf-reader-pool.ts), never in the job thread.
 */
export async function ocrPdf(bytes: Uint8Array, signal?: AbortSignal): Promise<OcrOutcome> {
  return readInPdfThread('ocr', bytes, signal);
}

/**
 * The OCR itself; runs in a reader process. Every image's declared size is checked before pdfjs
 * sees the file (a 16000×16000 picture in a 12 KB PDF would decode to gigabytes); pdfjs'
 * maxImageSize backs that up for a size the check could not resolve. Pages need no check: each is
 * rendered at a scale that keeps it under MAX_PIXELS.
 */
export async function ocrPdfHere(bytes: Uint8Array, signal?: AbortSignal): Promise<OcrOutcome> {
  const problem = pdfUploadProblem(bytes) ?? pdfInflationProblem(bytes) ?? pdfImageProblem(bytes);
  if (problem) throw new UserFacingJobError(problem.message, problem.status);
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, maxImageSize: MAX_PDF_IMAGE_PIXELS, verbosity: 0 });
  const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: englishModelFolder(),
    gzip: true,
    cacheMethod: 'none',
  });
  const onAbort = () => void worker.terminate();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
    const doc = await task.promise;
    const pages: PdfPage[] = [];
    for (let number = 1; number <= Math.min(doc.numPages, MAX_OCR_PAGES); number++) {
      signal?.throwIfAborted();
      const page = await doc.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(4, Math.sqrt(MAX_PIXELS / (base.width * base.height)));
      const viewport = page.getViewport({ scale });
      const canvas = (doc.canvasFactory as CanvasFactory).create(Math.floor(viewport.width), Math.floor(viewport.height)) as { canvas: { toBuffer(type: string): Buffer }; context: unknown };
      await page.render({ canvas: canvas.canvas as unknown as HTMLCanvasElement, canvasContext: canvas.context as CanvasRenderingContext2D, viewport, background: 'white' }).promise;
      const png = canvas.canvas.toBuffer('image/png');
      page.cleanup();
      const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
      pages.push({ number, width: base.width, height: base.height, runs: toRuns(data.blocks ?? [], scale), imageCount: 1, links: [] });
    }
    return { pdf: { pages, fonts: [] }, totalPages: doc.numPages };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate().catch(() => undefined);
    await task.destroy();
  }
}

type Blocks = NonNullable<Tesseract.Page['blocks']>;
/** pdfjs' Node canvas factory (typed as Object upstream). */
interface CanvasFactory { create(width: number, height: number): { canvas: unknown; context: unknown } }

/**
 * One run per OCR line, on its baseline, in PDF points. (Runs per word would make every space look
 * like a table-cell gap: OCR word boxes are not spaced like typeset text.)
 */
function toRuns(blocks: Blocks, scale: number): TextRun[] {
  const runs: TextRun[] = [];
  for (const line of blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines))) {
    const words = line.words.filter((w) => w.confidence >= MIN_WORD_CONFIDENCE && /[\p{L}\p{N}@]/u.test(w.text));
    if (words.length === 0) continue;
    const height = Math.max(...words.map((w) => w.bbox.y1 - w.bbox.y0));
    const baseline = (line.baseline.y0 + line.baseline.y1) / 2;
    const x0 = Math.min(...words.map((w) => w.bbox.x0));
    const x1 = Math.max(...words.map((w) => w.bbox.x1));
    runs.push({
      text: words.map((w) => w.text).join(' '),
      x: x0 / scale,
      y: (Number.isFinite(baseline) && baseline > 0 ? baseline : Math.max(...words.map((w) => w.bbox.y1))) / scale,
      width: (x1 - x0) / scale,
      fontSize: height / scale,
      font: OCR_FONT,
      bold: false,
      artifact: false,
    });
  }
  return runs;
}
