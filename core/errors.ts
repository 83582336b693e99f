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
