/** The request's Idempotency-Key header (every POST /api/ai/* and POST /api/batches), checked once here. */
import type { Request } from 'express';
import { badRequest } from '@craftwell/core/errors';
import { IDEMPOTENCY_KEY_PATTERN } from '@craftwell/core/repositories/idempotency-keys';

export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID is a good choice).');
  }
  return key || undefined;
}
