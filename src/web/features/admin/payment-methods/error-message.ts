import { ADMIN_MSG } from '../../../../shared/contracts/admin.js';
import { MSG } from '../../../../shared/messages.js';
import { ApiError } from '../../../lib/api';

/** Spec section 8: the server's message, or 'An error occurred.'. */
export function adminErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.message !== MSG.unexpected ? error.message : ADMIN_MSG.genericError;
}
