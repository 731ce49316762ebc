import { z } from 'zod';
import { isTransactionId } from '#shared/transaction-id.js';
import { isGhanaMobileNumber, USDT_NETWORKS } from '#shared/wallet-address.js';
import { ZDay, ZDbId, ZDbIdParams, ZDecimalString, zPage } from './common.js';

export const ORDER_MSG = {
  fillRequired: 'Please fill all required fields.',
  overLimit: 'This transaction exceeds your $20 trading limit. Please complete KYC.',
  exceedsLimit: (remaining: string) => `Exceeds limit of ${remaining}.`,
  txIdUsed: 'This payment transaction ID has already been used.',
  txIdFormat: 'Enter the transaction ID using only letters A–Z and digits.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different order. Send the same order again, or use a new key for a new order.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 8 to 100 characters: letters, digits and - _ . :',
  submitFailed: 'Failed to submit order. Please try again.',
  kycPending: 'Your KYC is under review. Trading resumes once it is approved (24-48 hours).',
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
  alreadyProcessed: 'This order has already been processed.',
  banned: 'This account has been suspended. Please contact support.',
  noWalletConfigured: 'Selling this coin is not available right now.',
} as const;

/** Unverified customers may trade this much in total (USD), docs/product.md §9. */
export const UNVERIFIED_LIMIT_USD = '20';

export const ORDER_TYPES = ['buy', 'sell'] as const;
export const ORDER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export const FIAT_CURRENCIES = ['GHS', 'USD'] as const;
export const MOMO_PROVIDERS = ['MTN MoMo', 'Telecel Cash', 'AirtelTigo Money'] as const;

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
  feePercentage: ZDecimalString,
  feeUsd: ZDecimalString,
  expiresAt: z.string(),
});
export type TQuote = z.infer<typeof ZQuote>;

/**
 * A payment transaction id (buy: mobile money or bank; sell: the on-chain hash), kept as typed
 * (trimmed). Separators, spaces and invisible characters are allowed, but what remains must be
 * Latin letters and digits (src/shared/transaction-id.ts, docs/decisions/009).
 */
export const ZTxId = z.string().trim().min(1, ORDER_MSG.fillRequired).max(200).refine(isTransactionId, ORDER_MSG.txIdFormat);
const ZNotes = z.string().trim().max(500).optional();

export const ZPayout = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('momo'),
      provider: z.enum(MOMO_PROVIDERS),
      name: z.string().trim().min(1, ORDER_MSG.fillRequired).max(100),
      number: z.string().trim().refine(isGhanaMobileNumber, ORDER_MSG.invalidMobile),
    })
    .strict(),
  z
    .object({
      type: z.literal('bank'),
      name: z.string().trim().min(1, ORDER_MSG.fillRequired).max(100),
      bankName: z.string().trim().min(1, ORDER_MSG.fillRequired).max(100),
      accountNumber: z
        .string()
        .trim()
        .regex(/^[0-9 -]{6,30}$/, ORDER_MSG.fillRequired),
    })
    .strict(),
]);
export type TPayout = z.infer<typeof ZPayout>;

export const ZCreateOrderRequest = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('buy'),
      quoteId: z.string().min(1).max(64),
      walletAddress: z.string().trim().min(1, ORDER_MSG.fillRequired).max(120),
      network: z.enum(USDT_NETWORKS).optional(),
      destinationTag: z.string().trim().max(20).optional(),
      paymentMethodId: ZDbId,
      paymentTxId: ZTxId,
      notes: ZNotes,
    })
    .strict(),
  z
    .object({
      type: z.literal('sell'),
      quoteId: z.string().min(1).max(64),
      paymentTxId: ZTxId,
      payout: ZPayout,
      notes: ZNotes,
    })
    .strict(),
]);
export type TCreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

export const ZOrder = z.object({
  id: z.number(),
  type: ZOrderType,
  coinSymbol: z.string(),
  amountCrypto: ZDecimalString,
  amountFiat: ZDecimalString,
  fiatCurrency: ZFiatCurrency,
  amountUsd: ZDecimalString,
  unitPriceUsd: ZDecimalString,
  paymentMethod: z.string(),
  paymentTxId: z.string(),
  walletAddress: z.string().nullable(),
  network: z.string().nullable(),
  destinationTag: z.string().nullable(),
  payout: ZPayout.nullable(),
  notes: z.string().nullable(),
  status: ZOrderStatus,
  createdAt: z.string(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZAdminOrder = ZOrder.extend({
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
});
export type TAdminOrder = z.infer<typeof ZAdminOrder>;

export const ZOrderResponse = z.object({ order: ZOrder });
export const ZOrderList = z.object({ orders: z.array(ZOrder) });
export const ZOrderIdParams = ZDbIdParams;

export const ADMIN_ORDER_SORTS = ['id', 'createdAt', 'customerName', 'amountFiat', 'status'] as const;
export const ZAdminOrderQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    status: z.enum(['all', ...ORDER_STATUSES]).default('all'),
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

export const ZPaymentMethodPublic = z.object({
  id: z.number(),
  name: z.string(),
  details: z.discriminatedUnion('type', [
    z.object({ type: z.literal('momo'), provider: z.string(), name: z.string(), number: z.string() }),
    z.object({ type: z.literal('bank'), name: z.string(), bankName: z.string(), accountNumber: z.string() }),
  ]),
});
export const ZPaymentMethodList = z.object({ paymentMethods: z.array(ZPaymentMethodPublic) });

export const ZCoinPublic = z.object({ symbol: z.string(), name: z.string(), walletAddress: z.string().nullable(), network: z.string() });
export const ZCoinList = z.object({ coins: z.array(ZCoinPublic) });

export const ZLimitResponse = z.object({
  isLimited: z.boolean(),
  limitUsd: ZDecimalString,
  usedUsd: ZDecimalString,
  remainingUsd: ZDecimalString,
});
