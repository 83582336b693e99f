/**
 * Reads a resume PDF with pdfjs-dist (legacy build: the default one needs browser globals): text
 * runs with positions and fonts, images and page sizes. Every way a PDF can be unusable becomes a
 * UserFacingJobError that says what to do about it.
 */
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { UserFacingJobError } from '@craftwell/contracts/handler';
import { MAX_PDF_PAGES, pdfImageProblem, pdfUploadProblem, PDF_TOO_LARGE_MESSAGE, pdfInflationProblem } from '@craftwell/contracts/pdf-input';
import { accentJoins, composeAccents } from './accents.js';
import { coveredText } from './covered-text.js';
import { readInPdfThread } from './pdf-reader-pool.js';

export interface TextRun {
  text: string;
  /** Left edge and baseline, in PDF points from the page's top-left corner. */
  x: number;
  y: number;
  width: number;
  fontSize: number;
  /** Base font name without the subset prefix, e.g. "Calibri-Bold". */
  font: string;
  bold: boolean;
  /** Marked as an artifact (tagged PDFs mark page headers, footers and page numbers so). */
  artifact: boolean;
  /** Drawn in an invisible rendering mode on a page with no picture under it: no one sees it. */
  invisible?: true;
  /** Covered whole by a shape drawn after it: no one sees it. */
  covered?: true;
}

/** A link annotation: where it points and the area it covers (same coordinates as runs). */
export interface PdfLink { url: string; x: number; y: number; width: number; height: number }

export interface PdfPage {
  number: number;
  width: number;
  height: number;
  runs: TextRun[];
  imageCount: number;
  /** Web, mail and phone links (LinkedIn often exists only as a link on an icon or a handle). */
  links?: PdfLink[];
}

export interface PdfText {
  pages: PdfPage[];
  /** Distinct base font names used for text. */
  fonts: string[];
}

export const NO_TEXT_MESSAGE =
  'This PDF has no selectable text — it looks like a scanned image or a picture of a resume. Export your resume from your editor as a text PDF (or run it through OCR) and upload it again.';

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject, OPS.paintInlineImageXObjectGroup, OPS.paintImageMaskXObjectGroup,
]);

/** Text a resume may hold across all pages; a PDF with more is refused as too large to read. */
export const MAX_PDF_TEXT_CHARS = 200_000;
/** Images above this many pixels are skipped by pdfjs (only their count matters here). */
const MAX_IMAGE_PIXELS = 16_000_000;

/**
 * Loads pdfjs (a few seconds on a busy machine) in a reader process ahead of a first read (tests
 * and benches; the worker starts readers on first use, so an idle worker holds none).
 */
export async function warmUpPdfReader(): Promise<void> {
  await readInPdfThread('text', null);
}

/** Loads pdfjs in the calling thread (the reader thread calls this when it starts). */
export async function loadPdfReaderHere(): Promise<void> {
  const task = getDocument({ data: new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1')), verbosity: 0 });
  await task.promise.catch(() => undefined);
  await task.destroy();
}

/**
 * Reads the PDF in a reader thread with a memory limit: a file that blows it kills only that
 * thread and is answered with a 413 "too large to read".
 */
export async function readPdfText(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfText> {
  const problem = pdfUploadProblem(bytes);
  if (problem) throw new UserFacingJobError(problem.message, problem.status);
  return readInPdfThread('text', bytes, signal);
}

/** The reading itself; runs in a reader process (pdf-reader-process.ts). */
export async function readPdfTextHere(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfText> {
  const problem = pdfUploadProblem(bytes) ?? pdfInflationProblem(bytes) ?? pdfImageProblem(bytes);
  if (problem) throw new UserFacingJobError(problem.message, problem.status);

  // pdfjs transfers (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, maxImageSize: MAX_IMAGE_PIXELS, verbosity: 0,
  });
  const onAbort = () => void task.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const doc = await task.promise.catch((error: unknown) => { throw describeOpenError(error); });
    if (doc.numPages > MAX_PDF_PAGES) {
      throw new UserFacingJobError(`This PDF has ${doc.numPages} pages; resumes of up to ${MAX_PDF_PAGES} pages can be reviewed.`, 422);
    }
    const pages: PdfPage[] = [];
    const fonts = new Set<string>();
    let textChars = 0;
    for (let number = 1; number <= doc.numPages; number++) {
      signal?.throwIfAborted();
      const page = await doc.getPage(number);
      const read = await readPage(page, number, fonts);
      page.cleanup();
      textChars += read.runs.reduce((sum, run) => sum + run.text.length, 0);
      if (textChars > MAX_PDF_TEXT_CHARS) throw new UserFacingJobError(PDF_TOO_LARGE_MESSAGE, 413);
      pages.push(read);
    }
    if (pages.every((page) => page.runs.length === 0)) throw new UserFacingJobError(NO_TEXT_MESSAGE, 422);
    return { pages, fonts: [...fonts].sort() };
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    if (error instanceof UserFacingJobError) throw error;
    throw describeOpenError(error);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await task.destroy();
  }
}

async function readPage(page: PDFPageProxy, number: number, fonts: Set<string>): Promise<PdfPage> {
  const viewport = page.getViewport({ scale: 1 });
  const [content, operators, annotations] = await Promise.all([
    page.getTextContent({ includeMarkedContent: true }), page.getOperatorList(), page.getAnnotations().catch(() => []),
  ]);
  const fontNames = new Map<string, string>();
  const baseFont = (id: string): string => {
    let name = fontNames.get(id);
    if (name === undefined) {
      // Font objects land in commonObjs once the operator list is built.
      const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { name?: string } | null) : null;
      name = (font?.name ?? id).replace(/^[A-Z]{6}\+/, '');
      fontNames.set(id, name);
    }
    return name;
  };

  const runs: TextRun[] = [];
  // Marked-content nesting: whether each open level is an artifact.
  const marked: boolean[] = [];
  for (const item of content.items) {
    if (!('str' in item)) {
      // pdfjs sends the tag name at run time; its type declarations leave it out.
      if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') marked.push((item as { tag?: string }).tag === 'Artifact');
      else if (item.type === 'endMarkedContent') marked.pop();
      continue;
    }
    if (item.str.trim() === '') continue;
    const [a, b, , , e, f] = item.transform as number[];
    const font = baseFont(item.fontName);
    fonts.add(font);
    runs.push({
      text: unifyIdeographs(item.str),
      x: e - viewport.viewBox[0],
      y: viewport.viewBox[3] - f,
      width: item.width,
      fontSize: Math.hypot(a, b) || item.height,
      font,
      bold: /bold|black|heavy|semibold|demi/i.test(font),
      artifact: marked.includes(true),
    });
  }
  const imageCount = operators.fnArray.filter((fn) => IMAGE_OPS.has(fn)).length;
  // A scan's OCR layer is drawn invisibly over its picture by design: only a page with no picture
  // has invisible text that no one is meant to see.
  if (imageCount === 0) markHidden(runs, invisibleText(operators), (run) => { run.invisible = true; });
  const unitsPerEm = (id: string) => {
    const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { fontMatrix?: number[] } | null) : null;
    return font?.fontMatrix?.[0] || 0.001;
  };
  markHidden(runs, coveredText(operators, unitsPerEm), (run) => { run.covered = true; });
  const links = readLinks(annotations as Array<{ subtype?: string; url?: string; unsafeUrl?: string; rect?: number[] }>, viewport.viewBox);
  return { number, width: viewport.width, height: viewport.height, runs: dropOverstrikes(composeAccents(runs, accentJoins(operators, unitsPerEm))), imageCount, links };
}

/**
 * Some fonts map CJK glyphs to the look-alike code points of the Kangxi radicals and the
 * compatibility ideographs ("项⽬" with U+2F6C for 目): the same characters to a reader, other
 * characters to a computer. Each is read as the ideograph it stands for.
 */
const IDEOGRAPH_LOOKALIKES = /[\u2E80-\u2FDF\uF900-\uFAFF]/gu;
const unifyIdeographs = (text: string) => text.replace(IDEOGRAPH_LOOKALIKES, (c) => c.normalize('NFKC'));

/**
 * A run drawn again over itself, a fraction of a point aside (bold faked by striking the text twice,
 * a shadow): one reader of the page sees it once, so it is read once.
 */
function dropOverstrikes(runs: TextRun[]): TextRun[] {
  const kept: TextRun[] = [];
  for (const run of runs) {
    const twin = kept.some((k) => k.text === run.text && Math.abs(k.y - run.y) < 0.1 * run.fontSize
      && Math.abs(k.x - run.x) < 0.1 * run.fontSize && Math.abs(k.width - run.width) < 0.1 * run.fontSize);
    if (!twin) kept.push(run);
  }
  return kept;
}

const squash = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

/**
 * The text a page draws in an invisible rendering mode (3: neither filled nor stroked; 7: clip
 * only), in content order, spaces removed. pdfjs turns every text-showing operator into showText.
 */
function invisibleText({ fnArray, argsArray }: { fnArray: number[]; argsArray: unknown[] }): string {
  let mode = 0;
  const saved: number[] = [];
  let text = '';
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (fn === OPS.save) saved.push(mode);
    else if (fn === OPS.restore) mode = saved.pop() ?? 0;
    else if (fn === OPS.setTextRenderingMode) mode = Number(args?.[0]);
    else if (fn === OPS.showText && (mode === 3 || mode === 7) && Array.isArray(args?.[0])) {
      for (const glyph of args[0] as unknown[]) {
        if (glyph && typeof glyph === 'object' && typeof (glyph as { unicode?: unknown }).unicode === 'string') text += (glyph as { unicode: string }).unicode;
      }
    }
  }
  return squash(text);
}

/** Text runs come in content order too: each run that continues the hidden text is hidden. */
function markHidden(runs: TextRun[], hidden: string, mark: (run: TextRun) => void): void {
  let at = 0;
  for (const run of runs) {
    if (at >= hidden.length) return;
    const text = squash(run.text);
    if (text && hidden.startsWith(text, at)) { mark(run); at += text.length; }
  }
}

function readLinks(annotations: Array<{ subtype?: string; url?: string; unsafeUrl?: string; rect?: number[] }>, viewBox: number[]): PdfLink[] {
  return annotations.flatMap((a) => {
    const url = a.url ?? a.unsafeUrl;
    if (a.subtype !== 'Link' || typeof url !== 'string' || !a.rect) return [];
    const [x1, y1, x2, y2] = a.rect;
    return [{ url: url.slice(0, 500), x: x1 - viewBox[0], y: viewBox[3] - y2, width: x2 - x1, height: y2 - y1 }];
  });
}

function describeOpenError(error: unknown): UserFacingJobError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') {
    return new UserFacingJobError('This PDF is password-protected (encrypted), so its text cannot be read. Save or print it as a new PDF without a password and upload that.', 422);
  }
  return new UserFacingJobError('This PDF is damaged or incomplete and cannot be read. Export it again from your editor and upload the new file.', 422);
}
