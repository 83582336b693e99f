/**
 * One cap in front of every route: a body declared larger than the largest any route accepts
 * (two 20 MB pictures and their fields) is refused before a byte of it is read. Bodies without a
 * length (chunked) are bounded by each route's own parser (express.json, uploads.ts).
 */
import type { RequestHandler } from 'express';
import { sendError } from './error-handler.js';

export const MAX_REQUEST_BYTES = 48 * 1024 * 1024;

export const requestSizeCap: RequestHandler = (req, res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  if (!(length > MAX_REQUEST_BYTES)) return next();
  // Closing the connection stops the client from sending the rest.
  res.set('Connection', 'close');
  sendError(res, 'input_too_large', `The request is too large. The limit is ${MAX_REQUEST_BYTES / 1024 / 1024} MB.`);
};
