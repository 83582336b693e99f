/**
 * Errors the api answers on purpose, in the one vocabulary (contracts/errors.ts: code, status,
 * message). The api's one error writer (api/src/middleware/error-handler.ts) turns them into
 * `{success:false, message, code}` with their status; anything else is a bug: logged, 500
 * `internal`, no details out.
 */
import { codeForStatus, CraftwellError, ERRORS, type ErrorCode } from '@craftwell/contracts/errors';

export { CraftwellError, ERRORS, type ErrorCode } from '@craftwell/contracts/errors';

export class AppError extends CraftwellError {
  constructor(message: string, status: number, code: ErrorCode = codeForStatus(status)) {
    super(code, message, { status });
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(message, 400, 'bad_request');
export const unauthorized = (message: string = ERRORS.unauthorized.message) => new AppError(message, 401, 'unauthorized');
export const forbidden = (message: string = ERRORS.forbidden.message) => new AppError(message, 403, 'forbidden');
export const notFound = (message: string) => new AppError(message, 404, 'not_found');

export const LIMIT_REACHED_MESSAGE = ERRORS.quota_exceeded.message;

/**
 * A dependency (Postgres, Redis, storage) is down or full: the request may succeed later, so the
 * reply carries Retry-After. Never turned into 401: an outage must not sign anyone out.
 */
export class DependencyUnavailableError extends AppError {
  constructor(message: string, readonly retryAfterSeconds = 5, status = 503, code: ErrorCode = 'dependency_unavailable') {
    super(message, status, code);
    this.name = 'DependencyUnavailableError';
  }
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a moment.';
export const STORAGE_FULL_MESSAGE = ERRORS.storage_full.message;

export const databaseUnavailable = () => new DependencyUnavailableError(DATABASE_UNAVAILABLE_MESSAGE, ERRORS.dependency_unavailable.retryAfterSeconds);
export const storageFull = () => new DependencyUnavailableError(STORAGE_FULL_MESSAGE, ERRORS.storage_full.retryAfterSeconds, 507, 'storage_full');
