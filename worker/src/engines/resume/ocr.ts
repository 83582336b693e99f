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
      // The pixel budget goes to what the page holds: a picture set on part of the page (or a
      // scan inside wide margins) is read at the resolution the whole page would get.
      const box = await paintedBox(page, doc.canvasFactory as CanvasFactory, base.width, base.height);
      const scale = Math.min(4, Math.sqrt(MAX_PIXELS / (box.width * box.height)));
      const viewport = page.getViewport({ scale, offsetX: -box.x * scale, offsetY: -box.y * scale });
      const canvas = (doc.canvasFactory as CanvasFactory).create(Math.ceil(box.width * scale), Math.ceil(box.height * scale)) as RenderCanvas;
      await page.render({ canvas: canvas.canvas as unknown as HTMLCanvasElement, canvasContext: canvas.context as CanvasRenderingContext2D, viewport, background: 'white' }).promise;
      const png = canvas.canvas.toBuffer('image/png');
      page.cleanup();
      const { data } = await worker.recognize(png, {}, { blocks: true, text: false });
      const runs = toRuns(data.blocks ?? [], scale).map((run) => ({ ...run, x: run.x + box.x, y: run.y + box.y }));
      pages.push({ number, width: base.width, height: base.height, runs, imageCount: 1, links: [] });
    }
    return { pdf: { pages, fonts: [] }, totalPages: doc.numPages };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate().catch(() => undefined);
    await task.destroy();
  }
}

/** Scale of the quick render that finds where the page holds anything. */
const PROBE_SCALE = 0.5;
/** A pixel darker than this in some channel is painted (paper and its JPEG noise are lighter). */
const PAINTED_BELOW = 235;
/** Room kept round the painted area, in points: OCR needs a margin round the text. */
const BOX_MARGIN = 6;
/**
 * Only a painted area of at most this share of the page is read alone: then each letter gets a
 * fifth more pixels or more. Above it the gain is small, and OCR's reading of a page shifts with
 * the scale whichever way it moves.
 */
const CROP_SHARE = 2 / 3;

interface RenderCanvas { canvas: { toBuffer(type: string): Buffer }; context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } }

/** The part of the page anything is painted on, in points (the whole page when nothing is). */
async function paintedBox(page: Awaited<ReturnType<Awaited<ReturnType<typeof getDocument>['promise']>['getPage']>>, factory: CanvasFactory, pageWidth: number, pageHeight: number): Promise<{ x: number; y: number; width: number; height: number }> {
  const viewport = page.getViewport({ scale: PROBE_SCALE });
  const w = Math.ceil(viewport.width), h = Math.ceil(viewport.height);
  const probe = factory.create(w, h) as RenderCanvas;
  await page.render({ canvas: probe.canvas as unknown as HTMLCanvasElement, canvasContext: probe.context as unknown as CanvasRenderingContext2D, viewport, background: 'white' }).promise;
  const { data } = probe.context.getImageData(0, 0, w, h);
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (Math.min(data[i]!, data[i + 1]!, data[i + 2]!) >= PAINTED_BELOW) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  const whole = { x: 0, y: 0, width: pageWidth, height: pageHeight };
  if (x1 < 0) return whole;
  const x = Math.max(0, x0 / PROBE_SCALE - BOX_MARGIN), y = Math.max(0, y0 / PROBE_SCALE - BOX_MARGIN);
  const box = { x, y, width: Math.min(pageWidth, (x1 + 1) / PROBE_SCALE + BOX_MARGIN) - x, height: Math.min(pageHeight, (y1 + 1) / PROBE_SCALE + BOX_MARGIN) - y };
  return box.width * box.height <= CROP_SHARE * pageWidth * pageHeight ? box : whole;
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
