/**
 * Length limits on what the sign-in routes store or hash, checked before better-auth runs: a
 * name or e-mail of megabytes would be stored as is and then sent with every /api/me.
 */
import type { RequestHandler } from 'express';
import { MAX_PASSWORD_LENGTH } from './password-policy.js';
import { sendError } from '../middleware/error-handler.js';

export const MAX_NAME_LENGTH = 100;
/** RFC 5321: a forward path holds at most 254 characters of address. */
export const MAX_EMAIL_LENGTH = 254;

const LIMITS: Array<{ fields: string[]; max: number; message: string }> = [
  { fields: ['name'], max: MAX_NAME_LENGTH, message: `Use at most ${MAX_NAME_LENGTH} characters for your name.` },
  { fields: ['email'], max: MAX_EMAIL_LENGTH, message: `Use at most ${MAX_EMAIL_LENGTH} characters for your e-mail address.` },
  {
    fields: ['password', 'newPassword', 'currentPassword'],
    max: MAX_PASSWORD_LENGTH,
    message: `Use at most ${MAX_PASSWORD_LENGTH} characters for your password.`,
  },
];

/** Runs after the body parser on /api/auth. */
export const authFieldLimits: RequestHandler = (req, res, next) => {
  const body = req.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return next();
  for (const limit of LIMITS) {
    if (limit.fields.some((field) => typeof body[field] === 'string' && (body[field] as string).length > limit.max)) {
      return sendError(res, 'bad_request', limit.message);
    }
  }
  next();
};
