import { z } from 'zod';
import '#shared/zod-messages.js';
import { ZLoginPortal, ZProfile } from './account.js';

/** Two-factor authentication texts (not in docs/product.md: decisions, issue 8). */
export const TWO_FACTOR_MSG = {
  invalidCode: 'Invalid code. Please try again.',
  codeReused: 'This code has already been used. Please log in again and enter the next code from your authenticator app.',
  signInExpired: 'Your sign-in has expired. Please log in again.',
  tooManyAttempts: 'Too many attempts. Please log in again.',
  setupRequired: 'Set up two-factor authentication to continue.',
  staffCannotDisable: 'Staff accounts must keep two-factor authentication on.',
  wrongPassword: 'Incorrect password.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  reset: 'Two-factor authentication reset. They will set it up again with the link emailed to them (valid for 24 hours).',
  idleSignedOut: 'Your session ended after 30 minutes without activity. Please log in again.',
  codeRequired: 'Enter the code from your authenticator app or a backup code.',
  /** After a reset (issue 26): the password alone does not enrol a new authenticator. */
  linkRequired:
    'Your two-factor authentication was reset. To set it up again, open the link we emailed you (valid for 24 hours); ask a super admin for a new one if it has expired.',
  linkInvalid: 'This two-factor setup link is invalid or has expired. Ask a super admin to reset your two-factor authentication again.',
} as const;

/** A login either signs in at once or, with two-factor on, asks for a code next. */
export const ZLoginResponse = z.object({ user: ZProfile.nullable(), twoFactorRequired: z.boolean() });

/**
 * A 6-digit authenticator code, or a backup code: XXXX-XXXX-XXXX (any case, dashes or spaces
 * optional), or one made before issue 26, xxxxx-xxxxx.
 */
export const ZTwoFactorCode = z
  .string()
  .trim()
  .min(1, TWO_FACTOR_MSG.codeRequired)
  .max(32, TWO_FACTOR_MSG.invalidCode)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}|[A-Za-z0-9]{4}(?:[\s-]?[A-Za-z0-9]{4}){2})$/, TWO_FACTOR_MSG.invalidCode);

export const ZTwoFactorSignInRequest = z.object({ code: ZTwoFactorCode, portal: ZLoginPortal }).strict();
export const ZTwoFactorPasswordRequest = z.object({ password: z.string().min(1, TWO_FACTOR_MSG.wrongPassword).max(128) }).strict();
/** Enrolment step 1: the password and, after a reset, the token of the emailed setup link. */
export const ZTwoFactorEnableRequest = ZTwoFactorPasswordRequest.extend({ enrolmentToken: z.string().min(1).max(512).optional() }).strict();
export const ZTwoFactorConfirmRequest = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, TWO_FACTOR_MSG.invalidCode),
  })
  .strict();

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Staff cannot turn it off. */
  required: z.boolean(),
});
export const ZTwoFactorEnrolment = z.object({
  /** otpauth:// URI for the QR code. */
  totpUri: z.string(),
  /** The same secret in base32, to type in by hand. */
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
