import { z } from 'zod';
import { MSG } from '#shared/messages.js';
import { hasMixedScripts, isReservedUsername } from '#shared/names.js';
import { STAFF_ROLES } from '#shared/permissions.js';
import { ZDecimalString } from './common.js';
import { ZChallengeSolution } from './email-verification.js';

export const KYC_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export const ZKycStatus = z.enum(KYC_STATUSES);
export type TKycStatus = z.infer<typeof ZKycStatus>;

/** Profile of docs/product.md §3, as the API returns it. */
export const ZProfile = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  kycStatus: ZKycStatus,
  tradingVolumeUsd: ZDecimalString,
  isBanned: z.boolean(),
  role: z.enum(STAFF_ROLES).nullable(),
  twoFactorEnabled: z.boolean(),
  /** The email address was confirmed by its link (issue 26 point 5): needed before a customer's first order. */
  emailVerified: z.boolean(),
  /** The password is weaker than today's rules (docs/decisions/023): the web asks to change it. */
  passwordChangeRequested: z.boolean(),
  createdAt: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZSessionResponse = z.object({ user: ZProfile.nullable() });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

// --- shared field rules, used by the forms and by the server alike ---
export const ZEmail = z.string().trim().toLowerCase().max(254, MSG.emailInvalid).email(MSG.emailInvalid);
/**
 * A new password (sign-up, reset, invitation, change): at least PASSWORD_MIN_LENGTH characters.
 * The server also refuses one on the shipped list of common passwords (docs/decisions/023).
 * Signing in takes any stored password: older ones keep working and are asked to change.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const ZPassword = z.string().min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort).max(128, MSG.passwordTooLong);
/** Mirrors better-auth's username plugin: 3-30 of letters, digits, underscore, dot. */
export const ZUsernameFormat = z
  .string()
  .trim()
  .min(1, MSG.usernameRequired)
  .min(3, MSG.usernameFormat)
  .max(30, MSG.usernameFormat)
  .regex(/^[a-zA-Z0-9_.]+$/, MSG.usernameFormat);
/** A username a new account may take: the format, and nothing that reads as staff (src/shared/names.ts). */
export const ZUsername = ZUsernameFormat.refine((username) => !isReservedUsername(username), {
  message: MSG.usernameReserved,
  abort: true,
});
/** Letters of any script (docs/product.md §5), but of one script per name (src/shared/names.ts). */
export const ZFullName = z
  .string()
  .trim()
  .min(1, MSG.fullNameRequired)
  .max(100, MSG.fullNameFormat)
  .regex(/^[\p{L}\s'-]+$/u, MSG.fullNameFormat)
  .refine((name) => !hasMixedScripts(name), { message: MSG.fullNameMixedScripts, abort: true });
/** Optional phone: digits with an optional leading +, spaces and dashes allowed. */
export const ZPhone = z
  .string()
  .trim()
  .max(20, MSG.phoneInvalid)
  .regex(/^\+?[0-9 -]{7,19}$/, MSG.phoneInvalid);

export const ZSignupRequest = z
  .object({
    username: ZUsername,
    fullName: ZFullName,
    email: ZEmail,
    phone: z.union([ZPhone, z.literal('')]).optional(),
    password: ZPassword,
    /** A solved proof-of-work challenge, once the server asked for one (CHALLENGE_REQUIRED, docs/decisions/024). */
    proof: ZChallengeSolution.optional(),
  })
  .strict();
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZLoginPortal = z.enum(['customer', 'admin']);
export const ZLoginRequest = z
  .object({
    email: z.string().trim().toLowerCase().min(1, MSG.emailInvalid).max(254),
    password: z.string().min(1, MSG.invalidCredentials).max(128),
    portal: ZLoginPortal,
    /**
     * An authenticator code with the password (issue 26): signs in to an account slowed down by
     * failed sign-ins from other addresses, when both are right (docs/decisions/010).
     */
    code: z
      .string()
      .trim()
      .regex(/^(\d{6})?$/, MSG.signInCodeInvalid)
      .optional(),
  })
  .strict();
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZUsernameAvailableQuery = z.object({ username: z.string().trim().min(1).max(64) }).strict();
/** `reason`: why a name no one has is still not available (it reads as staff). */
export const ZUsernameAvailableResponse = z.object({ available: z.boolean(), reason: z.string().optional() });

export const ZForgotPasswordRequest = z.object({ email: ZEmail }).strict();
export const ZForgotPasswordResponse = z.object({ message: z.string() });

export const ZResetPasswordRequest = z.object({ token: z.string().min(1).max(512), password: ZPassword }).strict();
/** Asked when the reset page opens (issue 26 point 16): may this link still set a password? */
export const ZResetLinkCheckRequest = z.object({ token: z.string().min(1).max(512) }).strict();

/**
 * Change password while signed in (issue 26): the current password, the new one (the policy of
 * ZPassword) and, for staff, a code from the authenticator app.
 */
export const ZChangePasswordRequest = z
  .object({
    currentPassword: z.string().min(1, MSG.currentPasswordRequired).max(128),
    newPassword: ZPassword,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, MSG.authenticatorCodeFormat)
      .optional(),
  })
  .strict();
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
