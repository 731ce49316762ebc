import { z } from 'zod';
import { ZDay, ZDecimalString } from './common.js';

/**
 * Treasury and the daily settlement (issue 28 point 6, docs/decisions/040): what every business
 * account holds now, what customers are owed, whether the wallets cover the orders waiting on
 * them, and a day's report per account (opening + in - out - fees = closing) with the fee and
 * spread revenue per coin and side, signed off once by a manager. Amounts are decimal strings in
 * the account's asset (GHS, or a coin in upper case), without trailing zeros ('1000', '0.0000085').
 */

/** Which kind of business account an asset account is, from its code (docs/decisions/037's plan). */
export const TREASURY_ACCOUNT_KINDS = ['momo', 'bank', 'wallet', 'other'] as const;
export type TTreasuryAccountKind = (typeof TREASURY_ACCOUNT_KINDS)[number];

export const TREASURY_ACCOUNT_KIND_LABELS: Record<TTreasuryAccountKind, string> = {
  momo: 'MoMo wallet',
  bank: 'Bank account',
  wallet: 'Coin wallet',
  other: 'Other',
};

const ZAccountRef = z.object({ code: z.string(), name: z.string(), asset: z.string(), kind: z.enum(TREASURY_ACCOUNT_KINDS) }).strict();

export const ZTreasuryAccount = ZAccountRef.extend({ balance: ZDecimalString }).strict();

/** What the business owes its customers in one asset: cedis paid in before the coins went out, coins sent in before the cedis did. */
export const ZTreasuryOwed = z.object({ asset: z.string(), amount: ZDecimalString, customers: z.number().int() }).strict();

/**
 * Whether an asset can pay the orders waiting on it: a coin wallet (coin and network) for the buy
 * orders whose payment is in, the cedi accounts together for the sell orders whose coins are in.
 */
export const ZTreasuryCoverage = z
  .object({
    asset: z.string(),
    /** The coin's network; null for cedis (every MoMo wallet and bank account together). */
    network: z.string().nullable(),
    /** The wallet's account; null for cedis, or a wallet that has no account in the ledger yet. */
    accountCode: z.string().nullable(),
    orders: z.number().int(),
    needed: ZDecimalString,
    balance: ZDecimalString,
    isShort: z.boolean(),
  })
  .strict();

export const ZTreasury = z
  .object({
    asOf: z.string(),
    accounts: z.array(ZTreasuryAccount),
    owed: z.array(ZTreasuryOwed),
    coverage: z.array(ZTreasuryCoverage),
  })
  .strict();
export type TTreasury = z.infer<typeof ZTreasury>;
export type TTreasuryCoverage = z.infer<typeof ZTreasuryCoverage>;

/** The last imported statement of an account, against the ledger's balance at the statement's time. */
export const ZStatementCheck = z
  .object({ balance: ZDecimalString, at: z.string(), ledgerBalance: ZDecimalString, difference: ZDecimalString })
  .strict();

export const ZSettlementAccount = ZAccountRef.extend({
  opening: ZDecimalString,
  /** Debits of the day: money or coins that came in (payments, deposits, corrections). */
  in: ZDecimalString,
  /** Credits of the day other than fees: payouts, refunds. */
  out: ZDecimalString,
  /** Credits of the day in network-fee and MoMo-charge entries (net of their corrections). */
  fees: ZDecimalString,
  closing: ZDecimalString,
  /** opening + in - out - fees = closing, as read from the postings. */
  balances: z.boolean(),
  /** Null: no statement imported for this account (yet). */
  statement: ZStatementCheck.nullable(),
}).strict();
export type TSettlementAccount = z.infer<typeof ZSettlementAccount>;

/** Revenue of the day from the orders of one coin and side (null: entries without an order), in one asset. */
export const ZSettlementRevenue = z
  .object({
    coin: z.string().nullable(),
    side: z.enum(['buy', 'sell']).nullable(),
    asset: z.string(),
    fee: ZDecimalString,
    spread: ZDecimalString,
    total: ZDecimalString,
  })
  .strict();
export type TSettlementRevenue = z.infer<typeof ZSettlementRevenue>;

/** The last link of a hash chain: its sequence number and hash (docs/decisions/037 and 073). */
export const ZChainHead = z.object({ seq: z.number().int().nonnegative(), hash: z.string() }).strict();
export type TChainHead = z.infer<typeof ZChainHead>;

/** A day's figures, as computed (or as frozen at sign-off). */
export const ZSettlementFigures = z
  .object({
    day: ZDay,
    start: z.string(),
    end: z.string(),
    computedAt: z.string(),
    accounts: z.array(ZSettlementAccount),
    revenue: z.array(ZSettlementRevenue),
    /**
     * The ledger's and the audit log's chain heads when the day was signed off (signed figures
     * only; days signed before this was added have none, docs/decisions/073): on paper, they pin every entry and audit
     * row up to then, since a change to any of them changes every hash after it.
     */
    chainHeads: z.object({ ledger: ZChainHead, audit: ZChainHead }).strict().optional(),
  })
  .strict();
export type TSettlementFigures = z.infer<typeof ZSettlementFigures>;

/** open: the day is not over; ready: over, not signed; signed: its figures are the frozen snapshot. */
export const SETTLEMENT_STATUSES = ['open', 'ready', 'signed'] as const;

export const ZSettlementReport = z
  .object({
    status: z.enum(SETTLEMENT_STATUSES),
    figures: ZSettlementFigures,
    signOff: z.object({ byName: z.string(), at: z.string() }).strict().nullable(),
    /** A signed day whose postings changed after the sign-off (an entry written with an earlier time). */
    changedSinceSignOff: z.boolean(),
  })
  .strict();
export type TSettlementReport = z.infer<typeof ZSettlementReport>;

export const ZSettlementQuery = z.object({ day: ZDay }).strict();
export const ZSettlementParams = z.object({ day: ZDay }).strict();

export const TREASURY_PATHS = {
  treasury: '/api/admin/treasury',
  settlement: '/api/admin/treasury/settlement',
  signOff: (day: string) => `/api/admin/treasury/settlement/${day}/sign-off`,
} as const;

export const TREASURY_MSG = {
  dayNotOver: 'This day is not over yet. A day can be signed off from midnight (Ghana time) after it.',
  alreadySigned: 'This day has already been signed off.',
  signedOff: 'Settlement signed off.',
  noStatement: 'No statement imported',
  signOffQuestion: (day: string) =>
    `Sign off the settlement of ${day}? Its figures are kept as they are now, with your name, and cannot be signed again.`,
  changedSinceSignOff: 'Entries of this day were written after it was signed off: the figures below are the signed ones.',
  walletShort: (what: string, needed: string, balance: string) =>
    `${what} cannot cover the orders waiting on it: they need ${needed}, it holds ${balance}.`,
  notBalanced: 'Opening + in - out - fees does not equal the closing balance.',
} as const;

/** Signing off takes no input: the day is in the path, the figures are the server's. */
export const ZSettlementSignOff = z.object({}).strict();
