import { PAYMENT_RAIL_RULES, type TPaymentRail } from '#shared/transaction-id.js';
import { DEFAULT_TIER0_LIMIT_USD, formatTier0Limit } from '#shared/tier0-limit.js';

/*
 * The order's messages, types, statuses and their labels: what the order pages show, without zod
 * or the schemas, so the order page opened from a link paints and becomes usable without them
 * (issue 26 point 15, docs/decisions/055). src/shared/contracts/orders.ts re-exports all of it.
 */

export const ORDER_MSG = {
  autoPayoutUnderWay: 'MTN MoMo is paying this order out automatically, or has. Its outcome shows in Order Details; do not pay it by hand.',
  fillRequired: 'Please fill all required fields.',
  /** On a missing field itself; the toast above says fillRequired. */
  required: 'This field is required.',
  amountRequired: 'Enter an amount.',
  invalidAccountNumber: 'Enter a valid account number (6 to 30 digits).',
  /** Tier 0's refusal (docs/product.md §9), with the limit of the setting tier0LimitUsd ('$20' by default: docs/decisions/016). */
  overLimit: (limitUsd: string) => `This transaction exceeds your ${formatTier0Limit(limitUsd)} trading limit. Please complete KYC.`,
  exceedsLimit: (remaining: string) => `Exceeds limit of ${remaining}.`,
  /** After exceedsLimit at Tier 0 (issue 26): how to raise the limit, the first words a link to the verification page. */
  raiseTier0Link: 'Verify your identity',
  raiseTier0: 'to raise your limit (Tier 1).',
  /** A small ERC20 token sell (src/shared/networks.ts SMALL_ERC20_SELL_USD, issue 26). */
  erc20FeeNote: (symbol: string, isNetworkChosen: boolean) =>
    `You pay the Ethereum network fee (gas) for this transfer from your own wallet, in ETH. On a small amount it can cost more than the ${symbol} you sell is worth: check the fee in your wallet before you ${isNetworkChosen ? 'send' : 'create the order, or choose another network'}.`,
  /** Under a minimum or maximum order refusal: a new quote cannot fix the amount (issue 26). */
  changeAmount: 'Change the amount',
  txIdUsed: 'This payment transaction ID has already been used.',
  payoutReferenceUsed: 'This payout reference is already recorded on another order. Check the transaction you sent for this order.',
  transitionNotAllowed: 'This order cannot change like that. Reload the order to see where it is.',
  txIdFormat: 'Enter the transaction ID using only letters A–Z and digits.',
  /** "I have sent" with another hash than the transfer a chain watcher saw to the order's address (docs/decisions/058). */
  txHashNotDetected: "This is not the transfer we see to this order's address. Check the transaction hash in your wallet.",
  /** A transaction id shorter than its rail's minimum (src/shared/transaction-id.ts PAYMENT_RAIL_RULES). */
  txIdTooShort: (rail: TPaymentRail) =>
    `This ${PAYMENT_RAIL_RULES[rail].label} transaction ID is too short: it has at least ${PAYMENT_RAIL_RULES[rail].minLength} letters or digits, for example ${PAYMENT_RAIL_RULES[rail].example}.`,
  /** The hint under the transaction id field, with an example of the rail's ids. */
  txIdHint: (rail: TPaymentRail, networkLabel?: string) =>
    rail === 'chain'
      ? `The transaction hash of your transfer, from your wallet${networkLabel ? ` (${networkLabel})` : ''}.`
      : `The transaction ID of your ${PAYMENT_RAIL_RULES[rail].label} transfer, as on its confirmation, for example ${PAYMENT_RAIL_RULES[rail].example}.`,
  /** The customer's change of the id once staff have approved or cancelled the order. */
  txIdEditClosed: 'The transaction ID can no longer be changed: this order has already been processed.',
  /** The customer's change of the id before "I have paid" / "I have sent". */
  txIdEditNotSubmitted: 'This order has no transaction ID yet. Send it with "I have paid" (or "I have sent").',
  txIdUnchanged: 'This is the transaction ID the order already has.',
  /** The timeline's line for a change of the id by the customer. */
  txIdChanged: (from: string, to: string) => `Transaction ID changed from ${from} to ${to}`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different order. Send the same order again, or use a new key for a new order.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 8 to 100 characters: letters, digits and - _ . :',
  submitFailed: 'Failed to submit order. Please try again.',
  stalePrices: 'Live prices are out of date right now, so we cannot give a quote. Please try again in a minute.',
  quoteExpired: 'This quote has expired. Please get a new quote.',
  quoteNotFound: 'Quote not found. Please get a new quote.',
  quoteUsed: 'This quote has already been used. Please get a new quote.',
  quoteSideMismatch: 'This quote is for another kind of order. Please get a new quote.',
  coinUnavailable: 'This coin is not available for trading right now.',
  methodUnavailable: 'This payment method is not available right now.',
  invalidWallet: (coin: string) => `Enter a valid ${coin} wallet address.`,
  invalidNetwork: 'Choose the network of your USDT address (TRC20, ERC20 or BEP20).',
  invalidTag: 'The destination tag must be a number.',
  invalidMobile: 'Enter a valid Ghana mobile number.',
  amountInvalid: 'Enter an amount greater than 0 with at most 2 decimals.',
  orderNotFound: 'Order not found.',
  /** The tab title of a missing order's page. */
  orderNotFoundTitle: 'Order not found',
  alreadyProcessed: 'This order has already been processed.',
  /**
   * Support's refusal to approve or cancel an order a compliance hold keeps waiting (issue 26 point
   * 12): neutral, so support learns nothing of a review (tipping off, docs/decisions/017).
   */
  waitingForManager: 'This order is waiting; a manager will handle it.',
  /** Claim, then pay (issue 27 point 1, docs/decisions/029): who is paying a paid order out now. */
  payingNow: (name: string) => `Paying now: ${name}`,
  /** The refusal of a claim, approve or release while someone else's live claim holds the order. */
  claimedByOther: (name: string) => `Paying now: ${name}. Only they can approve this order; a manager can take it over.`,
  /** Approve without a live claim of one's own. */
  notClaimed: 'Claim this order before you pay it out: your claim lapsed, was released or was taken over.',
  /** Why Approve waits on an order nobody claimed. */
  claimFirst: 'Claim this order before you pay it out, so no one else pays it too.',
  /** On the claimant's open page shortly before the claim lapses. */
  claimEndingSoon: (minutes: number) =>
    `Your claim on this order ends in ${minutes <= 1 ? 'less than a minute' : `${minutes} minutes`}. Approve it, or claim it again to keep it.`,
  claimLapsed: 'Your claim on this order lapsed. Claim it again before you pay it out.',
  /** Approve and claim on an order whose customer's account is closed or banned (issue 27 point 2). */
  accountClosed: "This customer's account is closed: this order cannot be paid out. Cancel it with a reason.",
  accountBanned: "This customer's account is banned: this order cannot be paid out. Cancel it with a reason.",
  /** "I have paid" / "I have sent" or a cancel on an order that is no longer waiting for it. */
  notAwaiting: 'This order is no longer waiting for your payment.',
  expired: 'The time to pay for this order has run out. Please create a new order.',
  belowMinimum: (minimum: string) => `The minimum order is ${minimum}.`,
  aboveMaximum: (maximum: string) => `The maximum order is ${maximum}.`,
  chooseNetwork: 'Choose the network you will send on.',
  networkUnavailable: 'Selling on this network is not available right now. Choose another network.',
  txHashFormat: (network: string) => `Enter the transaction hash of your ${network} transfer.`,
  payoutHashFormat: (network: string) => `Enter the transaction hash of the payout on ${network}.`,
  payoutReferenceRequired: 'Enter the reference of the payout.',
  cancelReasonRequired: 'Tell the customer why the order is cancelled.',
  /** Issue 28 points 2 and 3 (docs/decisions/038): evidence, payout facts and refunds. */
  movedAmountInvalid: 'Enter an amount greater than 0 with at most 8 decimals.',
  chargeAmountInvalid: 'Enter the fee as an amount with at most 8 decimals (0 when there was none).',
  cedisDecimals: 'Enter cedis with at most 2 decimals.',
  receivedAtInvalid: 'Enter when the money arrived as a date and time.',
  receivedAtFuture: 'The money cannot have arrived in the future. Check the date and time.',
  evidenceKindRequired: 'Choose where the evidence comes from.',
  evidenceRequired: 'Enter the evidence: the statement line, the provider reference or what you checked.',
  confirmationRequired: 'Confirm what arrived first: the amount received, the account and the evidence.',
  notConfirmable: 'Only an order the customer marked as paid (or sent) can have its payment confirmed.',
  receivedIntoRequired: 'Choose the account the money arrived in.',
  accountUnknown: 'This account is not one of the business payment methods.',
  paidFromRequired: 'Choose the business account the payout left from.',
  amountSentMismatch: (due: string) => `The amount due is ${due}. Send that amount, or refund the payment.`,
  settleRequired: (received: string, ordered: string) =>
    `${received} arrived for an order of ${ordered}: choose to complete for the amount received, complete for the amount ordered and refund the difference (overpaid), or refund it all.`,
  settleOrderedNeedsOverpayment: 'Completing for the amount ordered needs more than the amount ordered to have arrived.',
  differenceRefundRequired: 'Enter the reference of the refund of the difference.',
  twoPeopleRequired: (threshold: string) =>
    `Above ${threshold} two people handle an order: another staff member must confirm the payment before you pay it out or refund it.`,
  twoPeopleOwnConfirmation: (threshold: string) =>
    `Above ${threshold} two people handle an order: you confirmed this payment, so another staff member pays it out or refunds it.`,
  refundReferenceRequired: 'Enter the reference of the refund transfer.',
  refundReferenceUsed: 'This refund reference is already recorded on another order.',
  refundReasonRequired: 'Tell the customer why the money is refunded.',
  notRefundable: 'Only an order whose payment arrived can be refunded. An order nobody paid is cancelled.',
  /** The customer's page and messages (issue 28 point 3). */
  refundedTo: (amount: string, where: string) => `${amount} was refunded to ${where}.`,
  differenceRefunded: 'More arrived than the order needed: the difference was sent back.',
  cancelConfirmed: 'The payment of this order arrived: refund it instead of cancelling.',
  proofTooLarge: 'The screenshot must be a JPEG or PNG image of at most 5 MB.',
  proofNotImage: 'The screenshot must be a JPEG or PNG image.',
  proofNotFound: 'This order has no payment screenshot.',
  banned: 'This account has been suspended. Please contact support.',
  noWalletConfigured: 'Selling this coin is not available right now.',
} as const;

/**
 * Unverified customers (Tier 0) may trade this much in total (USD), docs/product.md §9: the
 * default of the setting tier0LimitUsd (docs/decisions/016), which the server reads.
 */
export const UNVERIFIED_LIMIT_USD = DEFAULT_TIER0_LIMIT_USD;

export const ORDER_TYPES = ['buy', 'sell'] as const;
/**
 * The order lifecycle (docs/decisions/014): a buy waits for the customer's payment, a sell for
 * their deposit; "I have paid" / "I have sent" submits it; staff complete or cancel a submitted
 * order; an order not paid by its deadline expires. The product's "pending" is the submitted state.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'payment_submitted',
  'awaiting_deposit',
  'deposit_submitted',
  'deposit_detected',
  'payment_confirmed',
  'deposit_confirmed',
  'completed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];
/** Waiting for the customer: they may pay (or send) or cancel until the deadline. */
export const AWAITING_STATUSES = ['awaiting_payment', 'awaiting_deposit'] as const satisfies readonly TOrderStatus[];
/**
 * The customer says they paid (or sent), or a chain watcher saw the deposit and counts its
 * confirmations (deposit_detected, docs/decisions/058); nobody has confirmed it arrived yet. Staff
 * may confirm, refund or cancel a detected deposit as a submitted one.
 */
export const SUBMITTED_STATUSES = ['payment_submitted', 'deposit_submitted', 'deposit_detected'] as const satisfies readonly TOrderStatus[];
/**
 * Staff confirmed the cedis (buy) or coins (sell) arrived, with the evidence (issue 28 point 2,
 * docs/decisions/038); the payout or a refund is next.
 */
export const CONFIRMED_STATUSES = ['payment_confirmed', 'deposit_confirmed'] as const satisfies readonly TOrderStatus[];
/** Waiting for staff: the product's "pending" (submitted, or confirmed and not paid out yet). */
export const STAFF_PENDING_STATUSES = [...SUBMITTED_STATUSES, ...CONFIRMED_STATUSES] as const satisfies readonly TOrderStatus[];
/**
 * Orders whose amount no longer counts against the limit: no trade happened. Their transaction id
 * stays claimed (docs/decisions/036).
 */
export const RELEASED_STATUSES = ['cancelled', 'expired', 'refunded'] as const satisfies readonly TOrderStatus[];

/** Nothing happens to these any more. */
export const FINAL_STATUSES = ['completed', ...RELEASED_STATUSES] as const satisfies readonly TOrderStatus[];
export function isFinalStatus(status: TOrderStatus): boolean {
  return (FINAL_STATUSES as readonly TOrderStatus[]).includes(status);
}
export function isAwaitingStatus(status: TOrderStatus): status is (typeof AWAITING_STATUSES)[number] {
  return (AWAITING_STATUSES as readonly TOrderStatus[]).includes(status);
}
export function isSubmittedStatus(status: TOrderStatus): status is (typeof SUBMITTED_STATUSES)[number] {
  return (SUBMITTED_STATUSES as readonly TOrderStatus[]).includes(status);
}
export function isConfirmedStatus(status: TOrderStatus): status is (typeof CONFIRMED_STATUSES)[number] {
  return (CONFIRMED_STATUSES as readonly TOrderStatus[]).includes(status);
}
/** Waiting for staff: submitted or confirmed. */
export function isStaffPendingStatus(status: TOrderStatus): status is (typeof STAFF_PENDING_STATUSES)[number] {
  return (STAFF_PENDING_STATUSES as readonly TOrderStatus[]).includes(status);
}
/** The status an order of this type starts in, and the one "I have paid" / "I have sent" moves it to. */
export function awaitingStatusOf(type: 'buy' | 'sell') {
  return type === 'buy' ? ('awaiting_payment' as const) : ('awaiting_deposit' as const);
}
export function submittedStatusOf(type: 'buy' | 'sell') {
  return type === 'buy' ? ('payment_submitted' as const) : ('deposit_submitted' as const);
}
/** The status staff's confirmation of the money (buy) or coins (sell) moves an order to. */
export function confirmedStatusOf(type: 'buy' | 'sell') {
  return type === 'buy' ? ('payment_confirmed' as const) : ('deposit_confirmed' as const);
}
/** The admin list's status filter: 'pending' is the orders waiting for staff (the product's word). */
export const ORDER_STATUS_FILTERS = ['all', 'pending', 'awaiting', 'completed', 'cancelled', 'expired', 'refunded'] as const;
export type TOrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
/** Labels of the statuses, the product's words ('Pending' is a submitted order). Colour never says it alone. */
export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  awaiting_deposit: 'Awaiting deposit',
  payment_submitted: 'Pending',
  deposit_submitted: 'Pending',
  deposit_detected: 'Deposit detected',
  payment_confirmed: 'Payment confirmed',
  deposit_confirmed: 'Deposit confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};
export const FIAT_CURRENCIES = ['GHS', 'USD'] as const;
export const MOMO_PROVIDERS = ['MTN MoMo', 'Telecel Cash', 'AirtelTigo Money'] as const;
/** The provider with an API adapter (MTN's MoMo Open API): "Pay with MTN MoMo" and automatic payouts (docs/decisions/060, 061). */
export const MTN_MOMO = MOMO_PROVIDERS[0];

/** A payment screenshot: JPEG or PNG (checked by its bytes), at most 5 MB, like KYC documents. */
export const PROOF_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const PROOF_ACCEPTED_TYPES = ['image/jpeg', 'image/png'] as const;
