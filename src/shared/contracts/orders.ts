import { z } from 'zod';
import { isTransactionId } from '#shared/transaction-id.js';
import { isGhanaMobileNumber, USDT_NETWORKS } from '#shared/destinations.js';
import { NETWORK_IDS } from '#shared/networks.js';
export * from '#shared/order-rules.js';
import { ORDER_MSG, ORDER_TYPES, ORDER_STATUSES, ORDER_STATUS_FILTERS, FIAT_CURRENCIES, MOMO_PROVIDERS } from '#shared/order-rules.js';

import { ZKycStatus } from './account.js';
import { ZTier } from './tiers.js';
import { ZTravelRule } from './travel-rule.js';
export { ZTradingRules, type TTradingRules } from './market.js';
import { ZDay, ZDbId, ZDbIdParams, ZDecimalString, zPage } from './common.js';

export const ZOrderType = z.enum(ORDER_TYPES);
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export const ZFiatCurrency = z.enum(FIAT_CURRENCIES);

/** A fiat amount: > 0, at most 2 decimals, sane upper bound. Carried as a string. */
export const ZFiatAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, ORDER_MSG.amountInvalid)
  .refine((v) => /[1-9]/.test(v), ORDER_MSG.amountInvalid);

export const ZQuoteRequest = z
  .object({
    coinSymbol: z.string().trim().toLowerCase().min(1).max(10),
    side: ZOrderType,
    fiatCurrency: ZFiatCurrency,
    amountFiat: ZFiatAmount,
  })
  .strict();
export type TQuoteRequest = z.infer<typeof ZQuoteRequest>;

export const ZQuote = z.object({
  id: z.string(),
  coinSymbol: z.string(),
  side: ZOrderType,
  fiatCurrency: ZFiatCurrency,
  amountFiat: ZDecimalString,
  amountUsd: ZDecimalString,
  amountCrypto: ZDecimalString,
  /** Price per coin including the fee (buy or sell price), USD and in the chosen currency. */
  unitPriceUsd: ZDecimalString,
  unitPriceFiat: ZDecimalString,
  ghsRate: ZDecimalString,
  /** What is paid (buy) or paid out (sell) by mobile money or a Ghana bank: always cedis. */
  amountGhs: ZDecimalString,
  feePercentage: ZDecimalString,
  /** The fee part of the price in dollars, and in the currency of the amount (cedis computed in cedis, not converted from feeUsd). */
  feeUsd: ZDecimalString,
  feeFiat: ZDecimalString,
  expiresAt: z.string(),
});
export type TQuote = z.infer<typeof ZQuote>;

/**
 * A payment transaction id (buy: mobile money or bank; sell: the on-chain hash), kept as typed
 * (trimmed). Separators, spaces and invisible characters are allowed, but what remains must be
 * Latin letters and digits (src/shared/transaction-id.ts, docs/decisions/009).
 */
export const ZTxId = z.string().trim().min(1, ORDER_MSG.required).max(200).refine(isTransactionId, ORDER_MSG.txIdFormat);
export const ZOrderNotes = z.string().trim().max(500);
const ZNotes = ZOrderNotes.optional();
export const ZWalletAddress = z.string().trim().min(1, ORDER_MSG.required).max(120);
export const ZDestinationTag = z.string().trim().max(20);
export const ZAccountName = z.string().trim().min(1, ORDER_MSG.required).max(100);
export const ZMomoProvider = z.enum(MOMO_PROVIDERS, { error: ORDER_MSG.required });
export const ZMobileNumber = z.string().trim().min(1, ORDER_MSG.required).refine(isGhanaMobileNumber, ORDER_MSG.invalidMobile);
export const ZBankName = z.string().trim().min(1, ORDER_MSG.required).max(100);
export const ZBankAccountNumber = z
  .string()
  .trim()
  .min(1, ORDER_MSG.required)
  .regex(/^[0-9 -]{6,30}$/, ORDER_MSG.invalidAccountNumber);

/** The fields of each payout kind; the API takes them strictly, the sell form as it holds them. */
export const PAYOUT_SHAPES = {
  momo: { type: z.literal('momo'), provider: ZMomoProvider, name: ZAccountName, number: ZMobileNumber },
  bank: { type: z.literal('bank'), name: ZAccountName, bankName: ZBankName, accountNumber: ZBankAccountNumber },
} as const;

export const ZPayout = z.discriminatedUnion('type', [z.object(PAYOUT_SHAPES.momo).strict(), z.object(PAYOUT_SHAPES.bank).strict()]);
export type TPayout = z.infer<typeof ZPayout>;

export const ZCreateOrderRequest = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('buy'),
      quoteId: z.string().min(1).max(64),
      walletAddress: ZWalletAddress,
      network: z.enum(USDT_NETWORKS).optional(),
      destinationTag: ZDestinationTag.optional(),
      paymentMethodId: ZDbId,
      notes: ZNotes,
    })
    .strict(),
  z
    .object({
      type: z.literal('sell'),
      quoteId: z.string().min(1).max(64),
      /** The network the customer sends on; may be left out for a coin with one network. */
      network: z.enum(NETWORK_IDS, { error: ORDER_MSG.chooseNetwork }).optional(),
      payout: ZPayout,
      notes: ZNotes,
    })
    .strict(),
]);
export type TCreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

/**
 * "I have paid" (buy) or "I have sent" (sell): the transaction id (a sell's is the on-chain hash,
 * checked for its network by the server) and, for a buy, who paid, so staff can match it. Sent
 * as JSON, or as multipart/form-data with these fields and an optional `proof` image.
 */
export const ZSubmitPaymentRequest = z
  .object({
    paymentTxId: ZTxId,
    payerNumber: z.union([ZMobileNumber, z.literal('')]).optional(),
    payerName: z.union([z.string().trim().max(100), z.literal('')]).optional(),
  })
  .strict();
export type TSubmitPaymentRequest = z.infer<typeof ZSubmitPaymentRequest>;
/**
 * The customer corrects the transaction id of their submitted order until staff decide
 * (docs/decisions/009): the same rules as "I have paid" (its rail's key, minimum and uniqueness).
 */
export const ZEditPaymentTxIdRequest = z.object({ paymentTxId: ZTxId }).strict();
export type TEditPaymentTxIdRequest = z.infer<typeof ZEditPaymentTxIdRequest>;

/** The multipart form of "I have paid", as the OpenAPI document shows it. */
export const ZSubmitPaymentForm = ZSubmitPaymentRequest.extend({
  proof: z.string().optional().meta({ format: 'binary', description: 'JPEG or PNG screenshot of the payment, at most 5 MB' }),
});

/**
 * Where the evidence of a received payment comes from (issue 28 point 2, docs/decisions/038): a line
 * of the business account's statement, the provider's reference of the transfer, the transaction
 * on chain (a sell's coins), what staff checked, in their words, or the wallet's own "payment
 * received" text forwarded by its phone (issue 33 point 6, docs/decisions/059).
 */
export const EVIDENCE_KINDS = ['statement_line', 'provider_reference', 'chain_transaction', 'staff_note', 'sms_receipt'] as const;
export type TEvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const EVIDENCE_KIND_LABELS: Record<TEvidenceKind, string> = {
  statement_line: 'Statement line',
  provider_reference: 'Provider reference',
  chain_transaction: 'Transaction on chain',
  staff_note: 'Staff note',
  sms_receipt: 'Forwarded SMS',
};

/** An amount of cedis or coins that moved: > 0, at most 8 decimals (cedis: 2, checked by the server). */
export const ZMovedAmount = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,8})?$/, ORDER_MSG.movedAmountInvalid)
  .refine((v) => /[1-9]/.test(v), ORDER_MSG.movedAmountInvalid);
/** A charge paid to send (network or MoMo fee): >= 0, at most 8 decimals. */
export const ZChargeAmount = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,8})?$/, ORDER_MSG.chargeAmountInvalid);

/**
 * Confirming that the money (buy) or coins (sell) arrived: how much, into which business account (a
 * buy's payment method; a sell's coins arrive in the order's deposit wallet), when, and the evidence.
 */
export const ZPaymentConfirmation = z
  .object({
    amountReceived: ZMovedAmount,
    /** Buy: the business payment method the cedis arrived in (the order's pay-to method when left out). Not taken for a sell. */
    receivedInto: ZDbId.optional(),
    /** When the money arrived, as the evidence says; the time of the confirmation when left out. */
    receivedAt: z.iso.datetime({ offset: true, error: ORDER_MSG.receivedAtInvalid }).optional(),
    evidenceKind: z.enum(EVIDENCE_KINDS, { error: ORDER_MSG.evidenceKindRequired }),
    evidence: z.string().trim().min(1, ORDER_MSG.evidenceRequired).max(500),
  })
  .strict();
export type TPaymentConfirmation = z.infer<typeof ZPaymentConfirmation>;
export const ZConfirmPaymentRequest = ZPaymentConfirmation;
export type TConfirmPaymentRequest = TPaymentConfirmation;

/**
 * When the amount received is not the amount ordered: complete for what was received at the
 * locked price (`received`), or, paid too much, complete for the amount ordered and refund the
 * difference (`ordered`; the refund's reference comes with the payout). Refunding all is the
 * refund, not an approval.
 */
export const SETTLE_MODES = ['received', 'ordered'] as const;
export type TSettleMode = (typeof SETTLE_MODES)[number];

/** The payout's facts (issue 28 point 2): from which business account, how much, at what charge. */
export const ZPayoutFacts = z
  .object({
    /** Sell: the business payment method the cedis left from. A buy's coins leave the order's wallet. */
    paidFrom: ZDbId.optional(),
    /** What was sent; the server computes it from the amount received and refuses another figure. */
    amountSent: ZMovedAmount.optional(),
    /** The network fee (buy, in the coin) or the MoMo or bank charge (sell, in cedis) the business paid; 0 when left out. */
    payoutFee: ZChargeAmount.optional(),
    settle: z.enum(SETTLE_MODES).optional(),
    /** `settle: 'ordered'`: the reference of the refund of the difference. */
    differenceRefundReference: z.string().trim().min(1, ORDER_MSG.refundReferenceRequired).max(200).optional(),
  })
  .strict();
export type TPayoutFacts = z.infer<typeof ZPayoutFacts>;

/**
 * A refund (issue 28 point 3): the money (buy) or coins (sell) received go back, from a business
 * account, with the reference of the transfer and the reason the customer is told.
 */
export const ZRefundOrderRequest = z
  .object({
    /** Not confirmed yet: what arrived, with its evidence (the confirmation and the refund in one step). */
    confirmation: ZPaymentConfirmation.optional(),
    reference: z.string().trim().min(1, ORDER_MSG.refundReferenceRequired).max(200),
    /** Buy: the business payment method the cedis left from (the one they arrived in when left out). */
    refundFrom: ZDbId.optional(),
    /** The refund's charge (network or MoMo fee) the business paid; 0 when left out. */
    refundFee: ZChargeAmount.optional(),
    reason: z.string().trim().min(1, ORDER_MSG.refundReasonRequired).max(500),
  })
  .strict();
export type TRefundOrderRequest = z.infer<typeof ZRefundOrderRequest>;

/**
 * Approve: what staff paid out with (buy: the outgoing transaction hash, checked for the order's
 * network by the server; sell: the MoMo or bank payout reference).
 */
export const ZApproveOrderRequest = z
  .object({
    payoutReference: z.string().trim().min(1, ORDER_MSG.payoutReferenceRequired).max(200),
    /**
     * "Name on the payment": the payer's name as staff saw it on the MoMo or bank statement
     * (optional). Compared with the customer's KYC name by the name-mismatch rule (docs/decisions/017).
     */
    recordedPayerName: z.union([z.string().trim().max(100), z.literal('')]).optional(),
    /**
     * "Number on the payment": the payer's number as staff saw it on the statement (optional), a
     * Ghana mobile number; kept as 0XXXXXXXXX and checked by the shared-number rule (docs/decisions/017).
     */
    recordedPayerNumber: z.union([ZMobileNumber, z.literal('')]).optional(),
    /** Not confirmed yet: what arrived and its evidence, confirmed with the payout in one step (docs/decisions/038). */
    confirmation: ZPaymentConfirmation.optional(),
    payout: ZPayoutFacts.optional(),
  })
  .strict();
/**
 * Where a refund went, in the customer's words: a buy's cedis to the number (or account) they paid
 * from, a sell's coins to the wallet they sent from.
 */
export function refundDestination(order: { type: 'buy' | 'sell'; payerNumber: string | null }): string {
  if (order.type === 'sell') return 'the wallet you sent the coins from';
  return order.payerNumber ? `the number you paid from (${order.payerNumber})` : 'the account you paid from';
}

/** Cancel: the reason the customer is told. */
export const ZCancelOrderRequest = z.object({ reason: z.string().trim().min(1, ORDER_MSG.cancelReasonRequired).max(500) }).strict();
export type TApproveOrderRequest = z.infer<typeof ZApproveOrderRequest>;
export type TCancelOrderRequest = z.infer<typeof ZCancelOrderRequest>;

/** Where a buyer pays: the payment method as it was when the order was created. */
export const ZPayTo = z.discriminatedUnion('type', [
  z.object({ type: z.literal('momo'), provider: z.string(), name: z.string(), number: z.string() }),
  z.object({ type: z.literal('bank'), name: z.string(), bankName: z.string(), accountNumber: z.string() }),
]);
/** Where a seller sends: the address of the coin on the chosen network, fixed at creation, and the order's tag. */
export const ZDepositTo = z.object({
  network: z.string(),
  address: z.string(),
  tag: z.string().nullable(),
  /** The address was derived for this order alone from a watch-only key (docs/decisions/056); false: the coin's shared address. */
  perOrder: z.boolean(),
});
export type TPayTo = z.infer<typeof ZPayTo>;
export type TDepositTo = z.infer<typeof ZDepositTo>;

export const ZOrder = z.object({
  id: z.number(),
  type: ZOrderType,
  coinSymbol: z.string(),
  amountCrypto: ZDecimalString,
  amountFiat: ZDecimalString,
  fiatCurrency: ZFiatCurrency,
  amountUsd: ZDecimalString,
  /** Cedis paid (buy) or paid out (sell); null on orders before the lifecycle. */
  amountGhs: ZDecimalString.nullable(),
  unitPriceUsd: ZDecimalString,
  /** Cedis per dollar locked with the price. */
  ghsRate: ZDecimalString,
  /** The price per coin the quote showed, in the order's fiat currency (calculateUnitPriceFiat of the two above). */
  unitPriceFiat: ZDecimalString,
  paymentMethod: z.string(),
  /** Buy: the account to pay to (null on orders before the lifecycle). */
  payTo: ZPayTo.nullable(),
  /** Sell: where to send (null on orders before the lifecycle). */
  depositTo: ZDepositTo.nullable(),
  /** A payment screenshot came with "I have paid". */
  hasProof: z.boolean(),
  /** Null until "I have paid" / "I have sent". */
  paymentTxId: z.string().nullable(),
  /** What the customer writes in the payment's reference field (orders before the lifecycle have none). */
  paymentReference: z.string().nullable(),
  /** Until when the customer may pay or send (orders before the lifecycle have none). */
  deadlineAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  payerNumber: z.string().nullable(),
  payerName: z.string().nullable(),
  payoutReference: z.string().nullable(),
  cancelReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  walletAddress: z.string().nullable(),
  network: z.string().nullable(),
  destinationTag: z.string().nullable(),
  payout: ZPayout.nullable(),
  notes: z.string().nullable(),
  status: ZOrderStatus,
  createdAt: z.string(),
  /**
   * What went back (issue 28 point 3): all of a refunded order, or the difference of an over
   * payment; cedis for a buy, the coin for a sell. Null when nothing was refunded.
   */
  refund: z
    .object({
      amount: ZDecimalString,
      reference: z.string(),
      reason: z.string().nullable(),
      at: z.string().nullable(),
      destination: z.string(),
    })
    .nullable(),
  /**
   * A sell with its own address: the transfer a chain watcher saw (docs/decisions/058), its
   * confirmations and the network's required number; absent when the order's page does not read it.
   */
  chainDeposit: z
    .object({
      txHash: z.string(),
      amount: ZDecimalString,
      confirmations: z.number(),
      required: z.number(),
      status: z.enum(['seen', 'confirmed', 'reorged']),
    })
    .nullable()
    .optional(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZAdminOrder = ZOrder.extend({
  userId: z.string(),
  /** A sell's own deposit address: the watch-only key (deposit_keys id) and receive index it was derived at (docs/decisions/056). */
  depositDerivation: z.object({ keyId: z.number(), index: z.number() }).nullable(),
  /** A sell: why it was not paid out automatically, or what became of its automatic payout (docs/decisions/061). */
  autoPayoutNote: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  /** The name on the payment staff recorded on approval (docs/decisions/017); null when none was. */
  recordedPayerName: z.string().nullable(),
  /** The number on the payment staff recorded on approval, as 0XXXXXXXXX; null when none was. */
  recordedPayerNumber: z.string().nullable(),
  /**
   * An open, or escalated and unreleased, compliance alert holds the order: it cannot be approved
   * (docs/decisions/017). Absent for a role without the `complianceHolds` area (support, issue 26
   * point 12), to whom a held order is any waiting order.
   */
  complianceHold: z.boolean().optional(),
  /**
   * Claim, then pay (docs/decisions/029): who is paying the order out now, and until when. A claim
   * whose `expiresAt` has passed is no claim (the server refuses its approval).
   */
  claim: z.object({ staffId: z.string(), staffName: z.string(), claimedAt: z.string(), expiresAt: z.string() }).nullable().optional(),
  /** The customer's account: a closed or banned one's orders are not paid out (issue 27 point 2). */
  customerAccount: z.enum(['active', 'closed', 'banned']).optional(),
  /** The order's fee (issue 28 point 6): the percentage and the cedis; null on orders whose quote could not say. */
  feePercentage: ZDecimalString.nullable(),
  feeGhs: ZDecimalString.nullable(),
  /**
   * What staff confirmed arrived (issue 28 point 2, docs/decisions/038): the amount (cedis for a
   * buy, the coin for a sell), the ledger account code it arrived in, when, the evidence, who
   * confirmed (staff id; null when a statement match did) and when. Null until confirmed.
   */
  confirmation: z
    .object({
      amountReceived: ZDecimalString,
      account: z.string(),
      receivedAt: z.string(),
      evidenceKind: z.enum(EVIDENCE_KINDS),
      evidence: z.string(),
      confirmedBy: z.string().nullable(),
      confirmedAt: z.string(),
    })
    .nullable(),
  /** The payout's facts: the ledger account it left from, what was sent, the network or MoMo charge. */
  payoutFacts: z.object({ account: z.string(), amountSent: ZDecimalString, fee: ZDecimalString }).nullable(),
  /** The refund's account and charge, besides what the customer sees. */
  refundFacts: z.object({ account: z.string(), fee: ZDecimalString.nullable() }).nullable(),
});
export type TAdminOrder = z.infer<typeof ZAdminOrder>;

/**
 * One step of an order's timeline. The customer's view says who acted only as 'customer',
 * 'staff' or 'system' (the expiry); staff also see the staff member's name.
 */
export const ZOrderEvent = z.object({
  at: z.string(),
  from: ZOrderStatus.nullable(),
  to: ZOrderStatus,
  actor: z.enum(['customer', 'staff', 'system']),
  paymentTxId: z.string().nullable(),
  /** A change of the transaction id by the customer (from and to the same status): the id it replaced. */
  previousPaymentTxId: z.string().nullable(),
  payoutReference: z.string().nullable(),
  reason: z.string().nullable(),
});
export const ZAdminOrderEvent = ZOrderEvent.extend({ staffName: z.string().nullable() });
export type TOrderEvent = z.infer<typeof ZOrderEvent>;
export type TAdminOrderEvent = z.infer<typeof ZAdminOrderEvent>;

export const ZOrderResponse = z.object({ order: ZOrder });
/**
 * The order page: the order, its timeline, and the server's time of the answer (the clock its
 * deadline is on), so a phone whose clock is off still counts down right.
 */
export const ZOrderDetailResponse = z.object({
  order: ZOrder,
  timeline: z.array(ZOrderEvent),
  now: z.string(),
  /** The order's Travel Rule data and what the customer is asked for (docs/decisions/076). */
  travelRule: ZTravelRule.optional(),
});
export type TOrderDetail = z.infer<typeof ZOrderDetailResponse>;
export const ZOrderList = z.object({ orders: z.array(ZOrder) });
export const ZOrderIdParams = ZDbIdParams;

/** 'submittedAt': the "Needs action" view, oldest payment first. */
export const ADMIN_ORDER_SORTS = ['id', 'createdAt', 'submittedAt', 'customerName', 'amountFiat', 'status'] as const;
export const ZAdminOrderQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    status: z.enum(ORDER_STATUS_FILTERS).default('all'),
    from: ZDay.optional(),
    to: ZDay.optional(),
    sort: z.enum(ADMIN_ORDER_SORTS).default('createdAt'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page: zPage(1_000_000),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type TAdminOrderQuery = z.infer<typeof ZAdminOrderQuery>;
export const ZAdminOrderList = z.object({ orders: z.array(ZAdminOrder), total: z.number(), page: z.number(), pageSize: z.number() });
export const ZAdminOrderResponse = z.object({ order: ZAdminOrder });
/** Order Details for staff: the order, what staff need to decide it, and the timeline with staff names. */
export const ZAdminOrderDetailResponse = z.object({
  order: ZAdminOrder,
  customer: z.object({
    kycStatus: ZKycStatus,
    /** What the customer may still trade before KYC, USD; null at Tier 1 or 2 (GHS limits below). */
    remainingLimitUsd: ZDecimalString.nullable(),
    /** The customer's tier and, at Tier 1 or 2, the GHS left today and this month when the order is viewed (docs/decisions/016). */
    tier: ZTier,
    leftTodayGhs: ZDecimalString.nullable(),
    leftThisMonthGhs: ZDecimalString.nullable(),
  }),
  timeline: z.array(ZAdminOrderEvent),
  /** The names of the ledger accounts and staff the order's money facts name (issue 28 point 2). */
  names: z.object({ accounts: z.record(z.string(), z.string()), confirmedBy: z.string().nullable() }).optional(),
  /** A completed buy's payout as the chain watcher found it (docs/decisions/067); absent before a watcher looked. */
  payoutCheck: z
    .object({
      status: z.enum(['pending', 'verified', 'mismatch', 'not_found']),
      confirmations: z.number(),
      detail: z.string(),
    })
    .nullable()
    .optional(),
  /** The order's Travel Rule data (docs/decisions/076). */
  travelRule: ZTravelRule.optional(),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetailResponse>;
/** The "Needs action" count: orders paid (or sent) and waiting for staff, and since when the oldest waits. */
/**
 * `count`: paid (or sent) orders staff can act on, not on compliance hold; `held`: those on hold,
 * for the roles that may see holds only (permissions.ts complianceHolds; docs/decisions/032).
 */
export const ZNeedsActionResponse = z.object({ count: z.number(), oldestSubmittedAt: z.string().nullable(), held: z.number().optional() });
export type TNeedsAction = z.infer<typeof ZNeedsActionResponse>;

/**
 * What the order sockets push (/api/orders/socket for a customer's own orders,
 * /api/admin/orders/socket for staff with the orders area): an order changed, read it again; or
 * events may have been missed, read everything again.
 */
export const ZOrderSocketEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order'), orderId: z.number(), status: ZOrderStatus }),
  z.object({ type: z.literal('resync') }),
]);
export type TOrderSocketEvent = z.infer<typeof ZOrderSocketEvent>;

export const ZPaymentMethodPublic = z.object({
  id: z.number(),
  name: z.string(),
  details: z.discriminatedUnion('type', [
    z.object({ type: z.literal('momo'), provider: z.string(), name: z.string(), number: z.string() }),
    z.object({ type: z.literal('bank'), name: z.string(), bankName: z.string(), accountNumber: z.string() }),
  ]),
});
export const ZPaymentMethodList = z.object({ paymentMethods: z.array(ZPaymentMethodPublic) });

/**
 * A tradable coin and its networks. `canSell`: a deposit address is set on that network, so a
 * sell order may be placed on it (the address itself is shown only on the order).
 */
export const ZCoinPublic = z.object({
  symbol: z.string(),
  name: z.string(),
  networks: z.array(z.object({ network: z.string(), label: z.string(), decimals: z.number(), hasTag: z.boolean(), canSell: z.boolean() })),
});
export const ZCoinList = z.object({ coins: z.array(ZCoinPublic) });
export type TCoinPublic = z.infer<typeof ZCoinPublic>;
export type TPaymentMethodPublic = z.infer<typeof ZPaymentMethodPublic>;

/** The customer's limit: the $20 of Tier 0 and the GHS limits of Tiers 1 and 2 (docs/decisions/016). */
export { ZLimitResponse, type TLimitResponse } from './tiers.js';
