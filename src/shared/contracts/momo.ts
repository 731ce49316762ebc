import { z } from 'zod';
import { isGhanaMobileNumber } from '#shared/destinations.js';

/**
 * "Pay with MTN MoMo" on a buy's order page (issue 33 point 3, docs/decisions/060): the customer
 * confirms the number, the server asks MTN to prompt that wallet, and the page follows the
 * payment until MTN's status says it was paid (the order is then confirmed by itself) or why not.
 */

export const MOMO_MSG = {
  heading: 'Pay with MTN MoMo',
  intro: (amount: string) =>
    `We send a payment prompt for ${amount} to your MTN MoMo wallet. Approve it with your PIN and your payment is confirmed by itself.`,
  numberLabel: 'MTN MoMo number to pay from',
  numberHint: 'Your verified phone number, unless you change it. Pay from a wallet in your own name.',
  numberHintUnverified: 'Pay from a wallet in your own name.',
  send: 'Send the prompt to my phone',
  sending: 'Sending the prompt…',
  approve: 'Approve the prompt on your phone',
  approveDetail: (amount: string, phone: string) =>
    `Enter your MoMo PIN on ${phone} to pay ${amount}. This page updates by itself when MTN tells us the payment went through.`,
  failedHeading: 'The MoMo payment did not go through',
  tryAgain: 'Send a new prompt',
  orManual: 'You can also pay the number above yourself and tell us with "I have paid".',
  invalidNumber: 'Enter a Ghana mobile number, like 024 123 4567.',
  notAvailable: 'Paying by MTN MoMo prompt is not available for this order.',
  alreadyPending: 'A payment prompt was already sent for this order. Approve it on your phone, or wait until it ends to send a new one.',
  notAwaiting: 'This order is no longer waiting for a payment.',
  noWallet: 'This number has no MTN MoMo wallet. Check the number, or pay another way.',
  unavailable: 'MTN MoMo is not answering right now. Try again in a few minutes, or pay another way.',
} as const;

export const ZMomoPayRequest = z
  .object({
    phone: z.string().trim().max(30).refine(isGhanaMobileNumber, MOMO_MSG.invalidNumber),
  })
  .strict();
export type TMomoPayRequest = z.infer<typeof ZMomoPayRequest>;

export const MOMO_PAYMENT_STATES = ['pending', 'successful', 'failed'] as const;
export type TMomoPaymentState = (typeof MOMO_PAYMENT_STATES)[number];

export const ZMomoPayment = z.object({
  state: z.enum(MOMO_PAYMENT_STATES),
  /** +233XXXXXXXXX, the wallet prompted. */
  phone: z.string(),
  /** GHS, two decimals. */
  amount: z.string(),
  /** Why it failed, in the customer's words; null unless failed. */
  failure: z.string().nullable(),
  createdAt: z.string(),
});
export type TMomoPayment = z.infer<typeof ZMomoPayment>;

/**
 * What the order page needs: whether the prompt can be used for this order now (the provider is
 * on, the order is a buy of the customer's waiting for payment to an MTN MoMo account), the number
 * it suggests (the verified phone) and the latest prompt of the order, if any.
 */
export const ZMomoOrderState = z.object({
  available: z.boolean(),
  suggestedPhone: z.string().nullable(),
  payment: ZMomoPayment.nullable(),
});
export type TMomoOrderState = z.infer<typeof ZMomoOrderState>;
