import { MSG } from '../../shared/messages.js';

const STATUS_BY_CODE = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  ADMIN_LOGIN_REQUIRED: 403,
  NOT_ADMIN: 403,
  TWO_FACTOR_REQUIRED: 403,
  BANNED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type TErrorCode = keyof typeof STATUS_BY_CODE;

/**
 * The one error services throw. `message` is shown to the person as is, so it is always a
 * sentence from the spec's catalogue (src/shared/messages.ts), never an internal detail.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: TErrorCode, message: string, options: { fields?: Record<string, string>; status?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? STATUS_BY_CODE[code];
    this.fields = options.fields;
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', MSG.unauthenticated);
export const forbidden = () => new AppError('FORBIDDEN', MSG.forbidden);
export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', message);
