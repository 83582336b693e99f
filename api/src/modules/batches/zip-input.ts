/**
 * The images of an uploaded zip, read with every bound held while it unpacks (never from the
 * sizes the archive claims): the zip is fed in small pieces, so no piece can unpack to more than
 * a few MB, and the counts stop it the moment an entry or the whole passes its limit. Names are
 * only shown, never used as paths.
 */
import path from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { MAX_BATCH_ITEMS, MAX_BATCH_ZIP_UNPACKED_BYTES } from '@craftwell/contracts/batches';
import { MAX_IMAGE_BYTES } from '@craftwell/contracts/image-input';
import { AppError, badRequest } from '@craftwell/core/errors';

/** Deflate unpacks at most about 1000:1, so a 16 KB piece never becomes more than ~16 MB at once. */
const PIECE_BYTES = 16 * 1024;

export interface ZipImage {
  /** The entry's file name (its folders dropped). */
  name: string;
  bytes?: Buffer;
  /** Why the entry is not used: a person can act on it. */
  refused?: { code: 'bad_request' | 'input_too_large' | 'unsupported_media_type'; message: string };
}

class Stop extends Error {}

/** Not images by any measure: folders, the macOS resource forks, hidden files. */
function skipped(name: string): boolean {
  return name.endsWith('/') || name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('.');
}

function unsafe(name: string): boolean {
  return name.startsWith('/') || name.split(/[\\/]/).includes('..') || /^[a-zA-Z]:/.test(name);
}

export function readZipImages(zip: Buffer): ZipImage[] {
  if (zip.length < 4 || zip.readUInt32LE(0) !== 0x04034b50) throw badRequest('That file is not a readable zip archive.');
  const images: ZipImage[] = [];
  let total = 0;
  let tooMany = false;
  const unzip = new Unzip((file: UnzipFile) => {
    if (skipped(file.name)) return;
    const entry: ZipImage = { name: path.posix.basename(file.name.replace(/\\/g, '/')) || 'image' };
    images.push(entry);
    if (images.length > MAX_BATCH_ITEMS) {
      tooMany = true;
      throw new Stop();
    }
    if (unsafe(file.name)) {
      entry.refused = { code: 'bad_request', message: `The zip names this file with a path outside the archive (${file.name.slice(0, 80)}); it was not read.` };
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      // Everything unpacked counts, kept or not: the whole-zip bound also bounds the work.
      total += chunk?.length ?? 0;
      if (total > MAX_BATCH_ZIP_UNPACKED_BYTES) throw new Stop();
      if (entry.refused) return;
      if (err) {
        entry.refused = { code: 'bad_request', message: 'This file in the zip is damaged and cannot be unpacked.' };
        return;
      }
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) {
        entry.refused = { code: 'input_too_large', message: `This file unpacks to more than ${MAX_IMAGE_BYTES / 1024 / 1024} MB, the limit for one image.` };
        chunks.length = 0;
        return;
      }
      chunks.push(Buffer.from(chunk));
      if (final) entry.bytes = Buffer.concat(chunks);
    };
    try {
      file.start();
    } catch {
      entry.refused = { code: 'unsupported_media_type', message: 'This file in the zip is packed with a method Craftwell does not read (use a plain zip).' };
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length; at += PIECE_BYTES) unzip.push(zip.subarray(at, at + PIECE_BYTES), at + PIECE_BYTES >= zip.length);
  } catch (err) {
    if (tooMany) throw badRequest(`The zip holds more than ${MAX_BATCH_ITEMS} files; a batch takes at most ${MAX_BATCH_ITEMS} images.`);
    if (err instanceof Stop) {
      throw new AppError(`The zip unpacks to more than ${MAX_BATCH_ZIP_UNPACKED_BYTES / 1024 / 1024} MB, the limit for one batch. Send its images in smaller zips.`, 413, 'input_too_large');
    }
    throw badRequest('That file is not a readable zip archive.');
  }
  // An entry cut short (a truncated archive) never saw its last piece.
  for (const entry of images) {
    if (!entry.bytes && !entry.refused) entry.refused = { code: 'bad_request', message: 'This file in the zip is incomplete.' };
  }
  if (images.length === 0) throw badRequest('The zip holds no files. Put the images in a zip, or choose them one by one.');
  return images;
}
