/** A PDF reader process (forked by pdf-reader-pool.ts): loads pdfjs, then reads (or OCRs) one PDF per message. */
import { UserFacingJobError } from '@craftwell/contracts/handler';
import type { FromReader, ToReader } from './pdf-reader-pool.js';
import { loadPdfReaderHere, readPdfTextHere } from './pdf-text.js';

// The parent may already be gone (shut down while pdfjs loaded): then there is no one to answer.
// It can also go between the check and the write: the callback takes that EPIPE, which would
// otherwise be an uncaught 'error' printed at every Ctrl-C that lands while a reader starts.
const reply = (message: FromReader) => { if (process.connected) process.send!(message, undefined, {}, () => undefined); };

await loadPdfReaderHere();
process.on('message', (message: ToReader) => {
  // OCR (tesseract) is loaded only by a reader that gets a picture-only PDF: most never do.
  const read = message.task === 'ocr' ? import('./ocr.js').then(({ ocrPdfHere }) => ocrPdfHere(message.bytes)) : readPdfTextHere(message.bytes);
  read.then(
    (result) => reply({ type: 'done', result }),
    (error: unknown) => reply(error instanceof UserFacingJobError
      ? { type: 'refused', message: error.message, status: error.status }
      : { type: 'failed', message: (error as Error)?.message ?? String(error) }),
  );
});
// The parent going away (worker shutdown, crash) ends the reader too.
process.on('disconnect', () => process.exit(0));
reply({ type: 'ready' });
