import { z } from 'zod';
import { isGhanaMobileNumber } from '#shared/wallet-address.js';
import { zPage } from './common.js';

/** Phone verification by a one-time SMS code and order SMS (issue 18): the customer's side and the SMS log. */

export const PHONE_CODE_LENGTH = 6;
/** A code is tried at most this many times (a right one included): the sixth try is refused. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Seconds before another code may be asked for. */
export const PHONE_CODE_RESEND_SECONDS = 60;

export const SMS_MSG = {
  phoneInvalid: 'Enter a Ghana mobile number: 024 123 4567 or +233 24 123 4567.',
  codeFormat: `Enter the ${PHONE_CODE_LENGTH}-digit code from the SMS.`,
  codeSent: (phone: string) => `We sent a ${PHONE_CODE_LENGTH}-digit code to ${phone}.`,
  alreadyVerified: 'This number is already verified on your account.',
  codeWrong: (left: number) =>
    left > 0
      ? `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and that was the last try. Ask for a new code.',
  noCode: 'There is no code waiting for this account. Ask for a new code.',
  codeExpired: 'This code has expired. Ask for a new code.',
  codeUsed: 'This code was used already. Ask for a new code if your number is not verified.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new code.',
  tooManyCodes: (minutes: number) =>
    minutes <= 1 ? 'Too many codes asked for. Please wait a minute.' : `Too many codes asked for. Please wait ${minutes} minutes.`,
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before asking for another code.`,
  /**
   * The right code for a number verified on another account (docs/decisions/016, 027): told only
   * after the code proved the phone, and never that, or which, another account has it.
   */
  numberTaken: 'This number could not be verified for this account. Use another number, or contact support if it is yours.',
  /** The daily caps (docs/decisions/016): per account, and per number whoever asks. */
  tooManyCodesToday: (hours: number) =>
    `You have asked for the most codes allowed in a day. Please try again in ${hours <= 1 ? 'an hour' : `${hours} hours`}.`,
  tooManyCodesToNumberToday: (hours: number) =>
    `This number has had the most codes allowed in a day. Please try again in ${hours <= 1 ? 'an hour' : `${hours} hours`}, or contact support.`,
  verified: 'Your phone number is verified.',
  orderUpdatesNeedPhone: 'Verify your phone number first: order updates go to a verified number only.',
  orderUpdatesOn: 'You will get an SMS when your orders are created, completed, cancelled or expire.',
  orderUpdatesOff: 'Order SMS are off.',
  reasonLength: 'Give a reason of 10 to 500 characters.',
  masked: 'The one-time code in this SMS is hidden: with it, anyone could verify this number on the account.',
  revealed: 'Shown unmasked for this view only. Your reason is in the audit log.',
} as const;

/** A Ghana mobile number as people type it ('024 123 4567', '+233 24 123 4567'); the server keeps it as +233XXXXXXXXX. */
export const ZGhanaMobile = z
  .string({ message: SMS_MSG.phoneInvalid })
  .trim()
  .min(1, SMS_MSG.phoneInvalid)
  .max(20, SMS_MSG.phoneInvalid)
  .refine(isGhanaMobileNumber, SMS_MSG.phoneInvalid);

export const ZPhoneCodeRequest = z.object({ phone: ZGhanaMobile }).strict();
export type TPhoneCodeRequest = z.infer<typeof ZPhoneCodeRequest>;

export const ZPhoneVerifyRequest = z
  .object({
    code: z
      .string({ message: SMS_MSG.codeFormat })
      .trim()
      .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), SMS_MSG.codeFormat),
  })
  .strict();
export type TPhoneVerifyRequest = z.infer<typeof ZPhoneVerifyRequest>;

export const ZSmsOrderUpdatesRequest = z.object({ smsOrderUpdates: z.boolean() }).strict();
export type TSmsOrderUpdatesRequest = z.infer<typeof ZSmsOrderUpdatesRequest>;

/** The customer's phone: the number on the account, whether it is verified, order SMS, and a code under way. */
export const ZPhoneStatus = z.object({
  /** International form (+233…); null when the account has none. */
  phone: z.string().nullable(),
  /** When `phone` was verified by a code; null: not verified. */
  verifiedAt: z.string().nullable(),
  smsOrderUpdates: z.boolean(),
  /** The code last sent and still usable: where it went, until when, and when another may be asked for. */
  pendingCode: z.object({ phone: z.string(), expiresAt: z.string(), resendAt: z.string(), attemptsLeft: z.number().int() }).nullable(),
});
export type TPhoneStatus = z.infer<typeof ZPhoneStatus>;

// --- the SMS log (super_admin) ---
export const SMS_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export const SMS_KIND_LABELS = { phone_code: 'Phone code', order_status: 'Order update' } as const;

export const ZSmsLogQuery = z.object({ page: zPage(100_000) }).strict();
/** One SMS as staff see it: the one-time code of a phone verification SMS masked (`maskedSecrets` counts them). */
export const ZSmsLogItem = z.object({
  id: z.number(),
  to: z.string(),
  kind: z.enum(['phone_code', 'order_status']),
  body: z.string(),
  maskedSecrets: z.number().int(),
  status: z.enum(SMS_STATUSES),
  provider: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type TSmsLogItem = z.infer<typeof ZSmsLogItem>;
export const ZSmsLogList = z.object({ messages: z.array(ZSmsLogItem), total: z.number(), page: z.number(), pageSize: z.number() });
export type TSmsLogList = z.infer<typeof ZSmsLogList>;

/** Why a super admin reveals a masked code: written to the audit log with the reveal. */
export const ZSmsRevealRequest = z
  .object({
    reason: z.string({ message: SMS_MSG.reasonLength }).trim().min(10, SMS_MSG.reasonLength).max(500, SMS_MSG.reasonLength),
  })
  .strict();
export type TSmsRevealRequest = z.infer<typeof ZSmsRevealRequest>;
