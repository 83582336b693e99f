/**
 * One error type for everything the api answers on purpose. The central handler turns it into
 * `{success:false, message}` with its status; anything else is a bug: logged, 500, no details out.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code = 'APP_ERROR',
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(message, 400, 'BAD_REQUEST');
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(message, 401, 'UNAUTHORIZED');
export const forbidden = (message = 'You do not have access to this.') => new AppError(message, 403, 'FORBIDDEN');
export const notFound = (message: string) => new AppError(message, 404, 'NOT_FOUND');

export const LIMIT_REACHED_MESSAGE = 'Limit reached. Upgrade to continue.';

/**
 * A dependency (Postgres, Redis, storage) is down or full: the request may succeed later, so the
 * reply carries Retry-After. Never turned into 401: an outage must not sign anyone out.
 */
export class DependencyUnavailableError extends AppError {
  constructor(message: string, readonly retryAfterSeconds = 5, status = 503, code = 'DEPENDENCY_UNAVAILABLE') {
    super(message, status, code);
    this.name = 'DependencyUnavailableError';
  }
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a moment.';
export const STORAGE_FULL_MESSAGE = 'Storage is full, so nothing was saved and nothing was charged. Please try again later.';

export const databaseUnavailable = () => new DependencyUnavailableError(DATABASE_UNAVAILABLE_MESSAGE, 5);
export const storageFull = () => new DependencyUnavailableError(STORAGE_FULL_MESSAGE, 60, 507, 'STORAGE_FULL');
