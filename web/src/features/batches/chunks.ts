/**
 * How a selection of files is split into upload requests: the api caps a request body at 48 MB,
 * so each request carries at most ~40 MB of images (and at most MAX_BATCH_ITEMS of them); a zip
 * always travels alone, in the field `zip`.
 */
import { MAX_BATCH_ITEMS } from '@craftwell/contracts/batches';

/** What one upload request may carry, leaving room under the 48 MB body cap for the multipart framing. */
export const CHUNK_MAX_BYTES = 40 * 1024 * 1024;

export type UploadChunk = { kind: 'images'; files: File[] } | { kind: 'zip'; file: File };

export function isZipFile(file: { name: string; type: string }): boolean {
  return file.type === 'application/zip' || file.type === 'application/x-zip-compressed' || /\.zip$/i.test(file.name);
}

export function isBatchImage(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

export interface Selection {
  images: File[];
  zips: File[];
  /** Files that are neither an image nor a zip (left out, named to the user). */
  skipped: File[];
}

export function splitSelection(files: readonly File[]): Selection {
  const selection: Selection = { images: [], zips: [], skipped: [] };
  for (const file of files) {
    if (isZipFile(file)) selection.zips.push(file);
    else if (isBatchImage(file)) selection.images.push(file);
    else selection.skipped.push(file);
  }
  return selection;
}

/** Why a selection cannot be sent as it is, or null. */
export function selectionProblem(selection: Selection): string | null {
  if (selection.images.length === 0 && selection.zips.length === 0) return 'Choose at least one image or a .zip of images.';
  if (selection.zips.length > 1) return 'Choose one .zip at most.';
  if (selection.images.length > MAX_BATCH_ITEMS) return `Choose at most ${MAX_BATCH_ITEMS} images (you chose ${selection.images.length}).`;
  return null;
}

/**
 * Requests in the order they are sent: the images in the chosen order, packed greedily under
 * `maxBytes` and `maxFiles` per request (a single larger image still goes, alone), then the zip.
 */
export function planChunks(selection: Pick<Selection, 'images' | 'zips'>, maxBytes = CHUNK_MAX_BYTES, maxFiles = MAX_BATCH_ITEMS): UploadChunk[] {
  const chunks: UploadChunk[] = [];
  let current: File[] = [];
  let bytes = 0;
  for (const file of selection.images) {
    if (current.length > 0 && (bytes + file.size > maxBytes || current.length >= maxFiles)) {
      chunks.push({ kind: 'images', files: current });
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length > 0) chunks.push({ kind: 'images', files: current });
  for (const zip of selection.zips) chunks.push({ kind: 'zip', file: zip });
  return chunks;
}

/** The multipart fields of one chunk: repeated `images`, or one `zip`. */
export function appendChunk(form: FormData, chunk: UploadChunk): FormData {
  if (chunk.kind === 'zip') form.append('zip', chunk.file, chunk.file.name);
  else for (const file of chunk.files) form.append('images', file, file.name);
  return form;
}

/** The bytes of the files a chunk carries (its request's body is this plus the multipart framing). */
export function chunkBytes(chunk: UploadChunk): number {
  return chunk.kind === 'zip' ? chunk.file.size : chunk.files.reduce((sum, file) => sum + file.size, 0);
}
