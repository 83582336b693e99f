/**
 * Errors the api answers on purpose, in the one vocabulary (contracts/errors.ts: code, status,
 * message). The central handler turns them into `{success:false, message}` with their status;
 * anything else is a bug: logged, 500, no details out.
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
