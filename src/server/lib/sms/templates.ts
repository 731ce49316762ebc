import { deliverableBody, markSecret, maskEmailBody } from '#server/lib/email/secrets.js';

/**
 * The texts of the product's SMS (issue 18): short (one 160-character SMS where possible), plain
 * text, nothing anyone typed in them. A one-time code is wrapped in the markers of the email log
 * (lib/email/secrets.ts, docs/decisions/011), so that the SMS log masks it for staff and the
 * sender delivers it whole; no value a person typed goes into an SMS, so no marker can come from
 * one.
 */

export const PHONE_CODE_TTL_MINUTES = 10;

export function renderPhoneCodeSms(code: string): string {
  return `CediCrypto: your phone verification code is ${markSecret(code)}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Never share it: our staff will never ask for it.`;
}

export type TOrderSmsStatus = 'created' | 'completed' | 'cancelled' | 'expired' | 'refunded';

const ORDER_WORDS: Record<TOrderSmsStatus, string> = {
  created: 'was received. See what to do next',
  completed: 'is completed. Details',
  cancelled: 'was cancelled. Details',
  expired: 'expired: its time ran out. Details',
  // The amount and where it went are on the order page and in the email (issue 28 point 3).
  refunded: 'was refunded. What was refunded and where',
};

/** '… order #12 is completed. Details: https://…/#/orders/12' (the order page: docs/decisions/014). */
export function renderOrderStatusSms(input: { orderId: number; status: TOrderSmsStatus; appUrl: string }): string {
  return `CediCrypto: your order #${input.orderId} ${ORDER_WORDS[input.status]}: ${input.appUrl}/#/orders/${input.orderId}`;
}

/** The text as its recipient gets it (and as a reveal shows it): markers removed. */
export const deliverableSms = deliverableBody;

/** The text staff see in the SMS log: each one-time code replaced by the mask, with how many were. */
export function maskSmsBody(body: string): { body: string; maskedSecrets: number } {
  return maskEmailBody(body);
}
