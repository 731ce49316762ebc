import type { TMomoOptions } from '#server/config.js';
import { createMtnMomoProvider } from './mtn.js';

/**
 * Who moves mobile money without a person in the middle (issue 33): one adapter per provider,
 * behind this interface. MOMO_PROVIDER=manual, the default, has none: staff read the wallet and
 * pay by hand, as before. The calls are idempotent by `referenceId`, a UUID v4 the caller makes
 * and stores before the call: a try whose answer was lost is made again with the same id (the
 * provider then says it has it already) and the status read says what happened. A callback from
 * a provider is never believed by itself: the status is read back.
 */

/** Why a provider failed a payment or a payout (MTN's documented reason codes). */
export type TMomoFailureCode =
  | 'PAYER_NOT_FOUND'
  | 'PAYEE_NOT_FOUND'
  | 'NOT_ENOUGH_FUNDS'
  | 'PAYER_LIMIT_REACHED'
  | 'PAYEE_NOT_ALLOWED_TO_RECEIVE'
  | 'PAYMENT_NOT_APPROVED'
  | 'APPROVAL_REJECTED'
  | 'EXPIRED'
  | 'TRANSACTION_CANCELED'
  | 'NOT_ALLOWED'
  | 'INVALID_CURRENCY'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_PROCESSING_ERROR';

/**
 * Where a payment or payout stands at the provider. `unknown`: the provider has no such
 * reference (the call never reached it: it may be made again with the same id).
 */
export type TMomoStatus =
  | { state: 'pending' }
  | { state: 'unknown' }
  | { state: 'failed'; reason: TMomoFailureCode }
  /** `partyId`: the wallet that paid or was paid, as the provider writes it (233XXXXXXXXX). */
  | { state: 'successful'; providerTransactionId: string; amount: string; partyId: string };

type TMomoMovement = {
  referenceId: string;
  /** In the environment's currency, with two decimals ("120.50"). */
  amount: string;
  /** The order's payment reference, for the provider's statements. */
  externalId: string;
  /** +233XXXXXXXXX */
  phone: string;
  /** What the customer's wallet history shows (at most 160 characters). */
  payerMessage: string;
  /** What the business's wallet history shows (at most 160 characters). */
  payeeNote: string;
};

export type TRequestToPayInput = TMomoMovement;
export type TMomoTransferInput = TMomoMovement;

export type TMomoProvider = {
  readonly name: 'mtn';
  /** Asks the customer's wallet to approve a payment (a prompt on their phone). */
  requestToPay(input: TRequestToPayInput): Promise<void>;
  requestToPayStatus(referenceId: string): Promise<TMomoStatus>;
  /** Sends money from the business's wallet to a customer's. */
  transfer(input: TMomoTransferInput): Promise<void>;
  transferStatus(referenceId: string): Promise<TMomoStatus>;
  /** Whether the number has an active wallet that can pay (collection) or be paid (disbursement). */
  isActive(phone: string, product?: 'collection' | 'disbursement'): Promise<boolean>;
  /** The wallet holder's name as the provider has it, or null when it gives none. */
  holderName(phone: string): Promise<string | null>;
};

/** What the customer and staff are told of each failure (the customer's own words; staff also see the code). */
export const MOMO_FAILURE_MSG: Record<TMomoFailureCode, string> = {
  PAYER_NOT_FOUND: 'This number has no MTN MoMo wallet. Check the number, or pay another way.',
  PAYEE_NOT_FOUND: 'This number has no MTN MoMo wallet to receive the payout.',
  NOT_ENOUGH_FUNDS: 'Your MoMo wallet does not have enough money for this payment.',
  PAYER_LIMIT_REACHED: 'Your MoMo wallet has reached its limit. Try again later, or pay another way.',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'This MoMo wallet cannot receive money right now.',
  PAYMENT_NOT_APPROVED: 'The payment was not approved on your phone.',
  APPROVAL_REJECTED: 'The payment was declined on your phone.',
  EXPIRED: 'The prompt on your phone expired before it was approved.',
  TRANSACTION_CANCELED: 'The payment was cancelled.',
  NOT_ALLOWED: 'MTN MoMo did not allow this payment.',
  INVALID_CURRENCY: 'MTN MoMo did not accept this payment.',
  SERVICE_UNAVAILABLE: 'MTN MoMo is not answering right now. Try again in a few minutes.',
  INTERNAL_PROCESSING_ERROR: 'MTN MoMo could not process the payment. Try again in a few minutes.',
};

/** The adapter MOMO_PROVIDER names, or null for 'manual' (no automation). */
export function createMomoProvider(options: TMomoOptions): TMomoProvider | null {
  switch (options.provider) {
    case 'manual':
      return null;
    case 'mtn':
      return createMtnMomoProvider({
        ...options.mtn,
        timeoutMs: options.timeoutMs,
        ...(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {}),
      });
  }
}
