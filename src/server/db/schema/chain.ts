import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';

/**
 * Chain watchers (issue 32 points 2 and 3, docs/decisions/058). One row per watched network: what
 * its watcher is told (endpoint, confirmations, tokens; the settings, over the environment's
 * defaults) and where it got to (the last block scanned and its hash), so a restart misses nothing
 * and a reorganisation below the cursor is noticed.
 */
export type TChainToken = { contract: string; decimals: number };

export const chainNetworks = pgTable(
  'chain_networks',
  {
    /** src/shared/networks.ts NETWORK_IDS: ERC20, BEP20 (EVM), BTC, LTC (Esplora, docs/decisions/062). */
    network: text('network').primaryKey(),
    /** JSON-RPC endpoint set in the settings; null: the environment's (CHAIN_<NETWORK>_RPC_URL). */
    rpcUrl: text('rpc_url'),
    /** Confirmations a deposit needs before the order is confirmed (decision 058's defaults). */
    requiredConfirmations: integer('required_confirmations').notNull(),
    /** Tokens watched on this network by coin symbol (upper case): contract and on-chain decimals. */
    tokens: jsonb('tokens').$type<Record<string, TChainToken>>().notNull().default({}),
    /** The last block scanned (all of it), and its hash; null before the first scan. */
    lastBlock: bigint('last_block', { mode: 'number' }),
    lastBlockHash: text('last_block_hash'),
    /** The chain's head at the last poll, when, and the last error (the settings page shows them). */
    headBlock: bigint('head_block', { mode: 'number' }),
    polledAt: timestamp('polled_at', { withTimezone: true }),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('chain_networks_confirmations_range', sql`${t.requiredConfirmations} BETWEEN 1 AND 1000`)],
);

export const CHAIN_DEPOSIT_STATUSES = ['seen', 'confirmed', 'reorged'] as const;
export type TChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];

/**
 * A transfer the watcher saw to an address it gave an order: the native coin (log_index -1) or a
 * token's Transfer log on EVM; on Bitcoin and Litecoin a transaction's outputs to the address
 * (log_index: the first output's index, docs/decisions/062). Its block hash is checked while it is not final: a block no longer on the
 * chain makes it `reorged` (and the order goes back to awaiting its deposit).
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    network: text('network').notNull(),
    coinSymbol: text('coin_symbol').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    toAddress: text('to_address').notNull(),
    /** The amount in the coin's units (decimal, from the raw integer and the token's decimals). */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    status: text('status', { enum: CHAIN_DEPOSIT_STATUSES }).notNull().default('seen'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_deposits_transfer_unique').on(t.network, t.txHash, t.logIndex),
    index('chain_deposits_order_idx').on(t.orderId),
    index('chain_deposits_open_idx')
      .on(t.network, t.status)
      .where(sql`${t.status} = 'seen'`),
    check('chain_deposits_amount_positive', sql`${t.amount} > 0`),
    check('chain_deposits_status_known', sql`${t.status} IN ('seen', 'confirmed', 'reorged')`),
  ],
);

export const CHAIN_PAYOUT_CHECK_STATUSES = ['pending', 'verified', 'mismatch', 'not_found'] as const;
export type TChainPayoutCheckStatus = (typeof CHAIN_PAYOUT_CHECK_STATUSES)[number];

/**
 * A buy's payout checked on chain (issue 32 point 4, docs/decisions/067): once staff completed a
 * buy with the payout's transaction hash, the network's watcher reads that transaction and checks
 * that it pays the customer's wallet the order's amount of its coin. `pending` until it has the
 * network's confirmations; `mismatch` (another address, amount or coin, or a failed transaction)
 * and `not_found` (not on the chain by `deadline_at`) put an item in the exceptions queue.
 */
export const chainPayoutChecks = pgTable(
  'chain_payout_checks',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    status: text('status', { enum: CHAIN_PAYOUT_CHECK_STATUSES }).notNull().default('pending'),
    confirmations: integer('confirmations').notNull().default(0),
    blockNumber: bigint('block_number', { mode: 'number' }),
    /** What the chain showed, in words (the exceptions queue and Order Details show it). */
    detail: text('detail').notNull().default(''),
    /** Not on the chain by then: not found. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chain_payout_checks_pending_idx')
      .on(t.network, t.status)
      .where(sql`${t.status} = 'pending'`),
    check('chain_payout_checks_status_known', sql`${t.status} IN ('pending', 'verified', 'mismatch', 'not_found')`),
  ],
);
