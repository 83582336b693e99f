/**
 * The one way to read a multipart upload: every route gets the same bounds on what is held in
 * memory (files, their size, text fields, their size, parts), so a new route cannot forget them.
 * A route gives its own files and their size; text fields are the few options a form sends.
 */
import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '@craftwell/core/errors';

/** Text fields of any upload form (its options): a few, never a flood. */
export const MAX_UPLOAD_FIELDS = 10;
/** Longest text field: a pasted job description (10,000 characters) in UTF-8, with room. */
export const MAX_UPLOAD_FIELD_BYTES = 64 * 1024;

export interface UploadBounds {
  /** Largest file, in bytes. */
  maxFileBytes: number;
  /** How many files the form holds at most. */
  maxFiles: number;
}

/** The form's own bounds, in words a person can act on (a file too large is the route's to say). */
const FORM_LIMITS: Partial<Record<multer.ErrorCode, string>> = {
  LIMIT_FIELD_COUNT: `The form has too many fields: an upload takes at most ${MAX_UPLOAD_FIELDS} besides its files.`,
  LIMIT_PART_COUNT: `The form has too many fields: an upload takes at most ${MAX_UPLOAD_FIELDS} besides its files.`,
  LIMIT_FIELD_VALUE: `A form field is too long: at most ${MAX_UPLOAD_FIELD_BYTES / 1024} KB each.`,
  LIMIT_FIELD_KEY: 'A form field name is too long.',
};

function bounded(handler: RequestHandler): RequestHandler {
  return (req, res, next) => handler(req, res, (err?: unknown) => {
    const message = err instanceof multer.MulterError ? FORM_LIMITS[err.code] : undefined;
    next(message ? new AppError(message, 413) : err);
  });
}

export function uploadParser({ maxFileBytes, maxFiles }: UploadBounds) {
  const parser = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: maxFileBytes,
      files: maxFiles,
      fields: MAX_UPLOAD_FIELDS,
      fieldSize: MAX_UPLOAD_FIELD_BYTES,
      fieldNameSize: 100,
      parts: maxFiles + MAX_UPLOAD_FIELDS,
      headerPairs: 100,
    },
  });
  return {
    single: (field: string) => bounded(parser.single(field)),
    fields: (fields: multer.Field[]) => bounded(parser.fields(fields)),
  };
}
