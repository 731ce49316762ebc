import { ERROR_STATUS, type TErrorCode } from '#shared/error-codes.js';
import { MSG } from '#shared/messages.js';

export type { TErrorCode };

/**
 * The one error services throw. `message` is shown to the person as is, so it is always a
 * sentence from the product's catalogue (src/shared/messages.ts), never an internal detail.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** Sent as Retry-After (a 429 or 503 that knows when to come back). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: TErrorCode,
    message: string,
    options: { fields?: Record<string, string>; status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', MSG.unauthenticated);
export const forbidden = () => new AppError('FORBIDDEN', MSG.forbidden);
export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', message);
