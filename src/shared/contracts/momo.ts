import { z } from 'zod';
import { isGhanaMobileNumber } from '#shared/destinations.js';
import { ZDbId } from './common.js';

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

/**
 * The auto-payout policy (issue 33 points 4-5, docs/decisions/061): off by default; on, a sell
 * whose deposit is confirmed is paid out by MTN MoMo without staff when every rule holds.
 */
const ZGhs = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Enter an amount in cedis, like 2000 or 2000.50.')
  .refine((value) => Number(value) > 0, 'Enter an amount above zero.');
export const ZAutoPayoutPolicy = z
  .object({
    enabled: z.boolean(),
    maxGhs: ZGhs,
    dailyCapGhs: ZGhs,
    minTier: z.number().int().min(0).max(2),
    /** The MTN MoMo payment method the cedis leave from; required to turn the policy on. */
    paidFromMethodId: ZDbId.nullable(),
  })
  .strict();
export type TAutoPayoutPolicy = z.infer<typeof ZAutoPayoutPolicy>;

/** Why a sell waits for staff instead of being paid out automatically (shown in Order Details). */
export const AUTO_PAYOUT_MSG = {
  off: 'Automatic payouts are off.',
  providerOff: 'No mobile money provider is connected.',
  noPaidFrom: 'The policy names no MTN MoMo wallet to pay from.',
  notMtn: 'The payout is not to an MTN MoMo wallet.',
  notVerifiedPhone: 'The payout number is not the customer’s verified phone.',
  tier: (min: number) => `The customer is below Tier ${min}.`,
  overMax: (max: string) => `The amount is above the automatic limit of ${max}.`,
  overDaily: (cap: string) => `Today’s automatic payouts would go above ${cap}.`,
  alert: 'The customer has an open compliance alert.',
  blocked: 'The account is closed or banned.',
  notExact: 'The amount received is not the amount ordered.',
  sending: 'Being paid out automatically by MTN MoMo.',
  paid: 'Paid out automatically by MTN MoMo under the payout policy.',
  failed: (reason: string) => `The automatic MTN MoMo payout failed: ${reason} Pay it out by hand.`,
  policyNeedsWallet: 'Choose the MTN MoMo wallet the payouts leave from.',
  policyWalletNotMtn: 'Payouts leave from an MTN MoMo wallet: choose one.',
} as const;
