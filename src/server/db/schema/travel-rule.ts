import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { WALLET_TYPES } from '#shared/contracts/travel-rule.js';
import { orders } from './orders.js';

/**
 * The Travel Rule data of an order (issue 34 point 1, docs/decisions/076-travel-rule-data.md), one
 * row per order once the customer states it: whether the other wallet (a sell's sending wallet, a
 * buy's receiving one) is self-hosted or at a provider, the provider's name and the customer's
 * account there, the wallet's address, and for a self-hosted wallet above the threshold the
 * server's challenge and the signature that proved control. Kept like the order (no delete,
 * migration 0045); retention blanks the provider account (src/server/modules/compliance/retention.ts).
 */
export const orderTravelRule = pgTable(
  'order_travel_rule',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    walletType: text('wallet_type', { enum: WALLET_TYPES }).notNull(),
    /** The provider (an exchange) holding the wallet, as the customer named it. */
    providerName: text('provider_name'),
    /** The customer's account at the provider (a user id, an email): personal data, blanked by retention. */
    providerAccount: text('provider_account'),
    /** The wallet's address: a buy's is the order's wallet address, a sell's the one the customer sends from. */
    address: text('address'),
    /** The text the customer signs, issued by the server (names the order and the address); null when no proof is asked. */
    challenge: text('challenge'),
    /** The signature that verified (base64 for BTC, 0x hex for EVM and TRON). */
    signature: text('signature'),
    /** Which check verified it: btc, evm or tron (src/server/modules/travel-rule/signatures.ts). */
    proofMethod: text('proof_method'),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    check('order_travel_rule_wallet_type_known', sql`${t.walletType} IN (${sql.raw(WALLET_TYPES.map((s) => `'${s}'`).join(', '))})`),
    // A provider wallet names its provider and the account there; a self-hosted one its address.
    check(
      'order_travel_rule_complete',
      sql`(${t.walletType} = 'provider' AND ${t.providerName} IS NOT NULL AND ${t.providerAccount} IS NOT NULL) OR (${t.walletType} = 'self_hosted' AND ${t.address} IS NOT NULL)`,
    ),
    check('order_travel_rule_proof_whole', sql`(${t.verifiedAt} IS NULL) = (${t.signature} IS NULL)`),
  ],
);
