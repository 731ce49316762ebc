import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { awaitingStatusOf, ORDER_MSG, type TCreateOrderRequest, type TPayTo, type TTradingRules } from '#shared/contracts/orders.js';
import { findDestinationIssues } from '#shared/contracts/order-destination.js';
import { DEFAULT_TRADING_RULES } from '#shared/contracts/market.js';
import { VERIFY_MSG } from '#shared/contracts/email-verification.js';
import { toDecimal } from '#shared/money.js';
import { CHAINS, findCoinNetwork, type TNetworkId } from '#shared/networks.js';
import type { TDb, TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { coins, paymentMethods } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { readSettingsRow } from '#server/lib/settings-row.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { queueOrderStatusSms } from '#server/lib/sms/order-sms.js';
import { renderOrderConfirmationEmail } from '#server/lib/email/templates.js';
import { getCompanyDetails } from '#server/modules/content/service.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import { findDepositDestination } from '#server/modules/coins/service.js';
import { takeDepositAddress } from '#server/modules/deposit-keys/service.js';
import { clock, recordTransition } from './lifecycle.js';
import type { TOrderRow } from '#server/modules/order-reads/order-view.js';
import { newPaymentReference } from './payment-reference.js';
import { calculateFee, checkOrderSize, toAmountGhs } from './quotes.js';
import { checkTierLimit, readTierLimits, tierOf } from '#server/modules/limits/tier-limits.js';
import type { TOrderDeps } from './deps.js';
/* eslint-disable import-x/no-restricted-paths -- orders still calls compliance's checks inside its transactions until they subscribe to the order-events step (docs/decisions/042) */
import { checkPlacedOrder } from '#server/modules/compliance/rules.js';
import { screenOrderAddress } from '#server/modules/sanctions/screening.js';
/* eslint-enable import-x/no-restricted-paths */

/** An Idempotency-Key and the hash of the body it came with (src/server/lib/request-hash.ts). */
export type TIdempotency = { key: string; bodyHash: string };

/** A new reference or deposit tag is drawn this many times at most when one is taken. */
const DRAW_ATTEMPTS = 4;

/**
 * The order placed earlier with this key, to answer again, or nothing. The key sent with another
 * body is an error, not a replay: the client meant a different order. (Orders placed before
 * migration 0008 have no hash; they replay as before.)
 */
async function findReplay(db: TDb | TTx, userId: string, idempotency: TIdempotency) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotency.key)));
  if (row && row.idempotencyBodyHash !== null && row.idempotencyBodyHash !== idempotency.bodyHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', ORDER_MSG.idempotencyKeyReused);
  }
  return row;
}

/** Checks of the order body that need no database: wallet formats per coin and network. */
export function validateOrderInput(input: TCreateOrderRequest, coinSymbol: string, coinName: string): void {
  if (input.type !== 'buy') return;
  const [issue] = findDestinationIssues({ symbol: coinSymbol, name: coinName }, input);
  if (issue) throw new AppError('VALIDATION', issue.message, { fields: { [issue.field]: issue.message } });
}

/** The settings an order is created under: its window and the order size rules. */
async function readOrderSettings(tx: TTx): Promise<TTradingRules> {
  // The transaction's one read of the settings row (src/server/lib/settings-row.ts).
  const row = await readSettingsRow(tx);
  return row
    ? {
        paymentWindowMinutes: row.paymentWindowMinutes,
        depositWindowMinutes: row.depositWindowMinutes,
        minOrderGhs: row.minOrderGhs,
        maxOrderGhs: row.maxOrderGhs,
      }
    : DEFAULT_TRADING_RULES;
}

/** A destination tag for a deposit on a tag chain (XRP): nine digits, unique by orders_deposit_tag_unique. */
function newDepositTag(): string {
  return String(randomInt(100_000_000, 1_000_000_000));
}

/**
 * Places an order in one transaction with the customer's row locked (decisions/013 D3,
 * docs/decisions/014): status checks, the quote (own, unexpired, unused), coin and method
 * enabled, the order size and the limit of the customer's tier (the $20 of Tier 0, the daily and
 * monthly GHS limits of Tiers 1 and 2: docs/decisions/016), then the order
 * waiting for the customer's payment (or deposit) with everything it will show fixed: the
 * quote's price, the GHS amount, the payment reference, the deadline, and the account to pay to
 * (buy) or the deposit address and tag (sell). The volume, the event and the email go with it.
 * The same Idempotency-Key with the same body returns the same order; with another body it is
 * refused (IDEMPOTENCY_KEY_REUSED).
 */
export async function placeOrder(
  deps: TOrderDeps,
  actor: TActor,
  input: TCreateOrderRequest,
  idempotency: TIdempotency | undefined,
): Promise<{ order: TOrderRow; isReplay: boolean }> {
  if (idempotency) {
    const existing = await findReplay(deps.db, actor.id, idempotency);
    if (existing) return { order: existing, isReplay: true };
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await insertOrder(deps, actor, input, idempotency);
      if (!result.isReplay) deps.onEmailQueued();
      return result;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (idempotency && isUniqueViolation(error, 'orders_idempotency_unique')) {
        const existing = await findReplay(deps.db, actor.id, idempotency);
        if (existing) return { order: existing, isReplay: true };
      }
      if (isUniqueViolation(error, 'orders_quote_unique')) throw new AppError('QUOTE_USED', ORDER_MSG.quoteUsed);
      const isDrawTaken =
        isUniqueViolation(error, 'orders_payment_reference_unique') || isUniqueViolation(error, 'orders_deposit_tag_unique');
      if (attempt < DRAW_ATTEMPTS && isDrawTaken) continue;
      throw error;
    }
  }
}

async function insertOrder(
  deps: TOrderDeps,
  actor: TActor,
  input: TCreateOrderRequest,
  idempotency: TIdempotency | undefined,
): Promise<{ order: TOrderRow; isReplay: boolean }> {
  return deps.db.transaction(async (tx) => {
    const now = clock(deps);
    const user = firstOrThrow(await tx.select().from(users).where(eq(users.id, actor.id)).for('update'));
    if (idempotency) {
      const existing = await findReplay(tx, actor.id, idempotency);
      if (existing) return { order: existing, isReplay: true };
    }
    if (user.banned) throw new AppError('FORBIDDEN', ORDER_MSG.banned);
    // The address is confirmed before the first order (issue 26 point 5, docs/decisions/024).
    if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', VERIFY_MSG.orderRefused(user.email));
    // A Tier 1 request under review keeps the Tier 0 allowance (issue 26 point 11): the tier's limit below decides.

    // The quote, whether an order used it and its coin, in one statement (issue 31 point 1).
    const [found] = await tx
      .select({
        quote: quotes,
        isUsed: sql<boolean>`exists (select 1 from ${orders} where ${orders.quoteId} = ${quotes.id})`,
        coin: coins,
      })
      .from(quotes)
      .leftJoin(coins, eq(coins.symbol, quotes.coinSymbol))
      .where(and(eq(quotes.id, input.quoteId), eq(quotes.userId, actor.id)));
    if (!found) throw new AppError('QUOTE_INVALID', ORDER_MSG.quoteNotFound, { status: 404 });
    const { quote, coin } = found;
    if (quote.side !== input.type) throw new AppError('QUOTE_INVALID', ORDER_MSG.quoteSideMismatch);
    // Quotes run on the system clock (quotes.ts); the order's own times on the order clock.
    if (quote.expiresAt.getTime() <= Date.now()) throw new AppError('QUOTE_EXPIRED', ORDER_MSG.quoteExpired);
    if (found.isUsed) throw new AppError('QUOTE_USED', ORDER_MSG.quoteUsed);

    if (!coin?.isEnabled) throw new AppError('COIN_UNAVAILABLE', ORDER_MSG.coinUnavailable);
    validateOrderInput(input, coin.symbol, coin.name);

    const rules = await readOrderSettings(tx);
    const amountGhs = toAmountGhs(quote.amountFiat, quote.fiatCurrency, quote.ghsRate);
    checkOrderSize(amountGhs, rules);

    let paymentMethod: string;
    let paymentMethodId: number | null = null;
    let payTo: TPayTo | null = null;
    let network: string | null = null;
    let depositAddress: string | null = null;
    let depositTag: string | null = null;
    // A network with a watch-only key gives each sell its own address (docs/decisions/056).
    let depositKey: { id: number; network: TNetworkId } | null = null;
    if (input.type === 'buy') {
      const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, input.paymentMethodId));
      if (!method?.isEnabled) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', ORDER_MSG.methodUnavailable);
      paymentMethod = method.name;
      paymentMethodId = method.id;
      payTo = method.details;
      network = input.network ?? null;
    } else {
      const coinNetwork = findCoinNetwork(coin.symbol, input.network);
      if (!coinNetwork) throw new AppError('VALIDATION', ORDER_MSG.chooseNetwork, { fields: { network: ORDER_MSG.chooseNetwork } });
      const destination = await findDepositDestination(tx, coin.id, coinNetwork.network);
      depositKey = destination.keyId === null ? null : { id: destination.keyId, network: coinNetwork.network };
      depositAddress = depositKey ? null : destination.address;
      if (!depositKey && !depositAddress) {
        // A coin nobody can sell on any network says so as before; one network missing says which.
        const message = input.network ? ORDER_MSG.networkUnavailable : ORDER_MSG.noWalletConfigured;
        throw new AppError('WALLET_NOT_CONFIGURED', message, input.network ? { fields: { network: message } } : {});
      }
      network = coinNetwork.network;
      if (CHAINS[coinNetwork.network].hasTag) depositTag = newDepositTag();
      paymentMethod = input.payout.type === 'momo' ? input.payout.provider : `Bank: ${input.payout.bankName}`;
    }

    // The limit of the customer's tier (docs/decisions/016), under the row lock taken above: two
    // orders of one customer are placed one after the other, so the sums cannot both pass.
    const tier = tierOf(user.tier);
    const limits = await readTierLimits(tx);
    if (tier === 0) {
      const after = toDecimal(user.tradingVolumeUsd).plus(quote.amountUsd);
      if (after.gt(limits.tier0LimitUsd)) throw new AppError('FORBIDDEN', ORDER_MSG.overLimit(limits.tier0LimitUsd));
    } else {
      await checkTierLimit(tx, { userId: actor.id, tier, amountGhs, now, limits });
    }

    // The key's next index, taken last before the insert: its row stays locked until this transaction ends.
    const derived = depositKey ? await takeDepositAddress(tx, depositKey.id, depositKey.network) : null;
    const awaiting = awaitingStatusOf(quote.side);
    const windowMinutes = quote.side === 'buy' ? rules.paymentWindowMinutes : rules.depositWindowMinutes;
    const order = firstOrThrow(
      await tx
        .insert(orders)
        .values({
          userId: actor.id,
          quoteId: quote.id,
          type: quote.side,
          coinSymbol: quote.coinSymbol,
          amountCrypto: quote.amountCrypto,
          amountFiat: quote.amountFiat,
          fiatCurrency: quote.fiatCurrency,
          amountUsd: quote.amountUsd,
          amountGhs,
          unitPriceUsd: quote.unitPriceUsd,
          ghsRate: quote.ghsRate,
          // The fee on the order (issue 28 point 6): the quote's, in cedis as the quote computes it.
          feePercentage: quote.feePercentage,
          feeGhs: calculateFee(quote, 'GHS'),
          paymentMethodId,
          paymentMethod,
          payTo,
          depositAddress: derived?.address ?? depositAddress,
          depositTag,
          depositKeyId: derived?.keyId ?? null,
          depositIndex: derived?.index ?? null,
          // The reference goes in a MoMo or bank payment's reference field; a sell's coins come on
          // chain, where there is nowhere to write one (docs/decisions/026).
          paymentReference: input.type === 'buy' ? newPaymentReference() : null,
          deadlineAt: new Date(now.getTime() + windowMinutes * 60_000),
          status: awaiting,
          walletAddress: input.type === 'buy' ? input.walletAddress : null,
          network,
          destinationTag: input.type === 'buy' ? input.destinationTag || null : null,
          payout: input.type === 'sell' ? input.payout : null,
          notes: input.notes || null,
          idempotencyKey: idempotency?.key ?? null,
          idempotencyBodyHash: idempotency?.bodyHash ?? null,
          createdAt: now,
        })
        .returning(),
    );
    await tx
      .update(users)
      .set({ tradingVolumeUsd: sql`${users.tradingVolumeUsd} + ${quote.amountUsd}`, updatedAt: now })
      .where(eq(users.id, actor.id));
    await recordTransition(tx, deps, { order, actor: { id: actor.id, kind: 'customer' }, from: null, to: awaiting, at: now });
    // Monitoring rules (docs/decisions/017): alerts in this transaction, never shown to the customer.
    await checkPlacedOrder(tx, order, now);
    // Sanctions screening of a buy's wallet (docs/decisions/075): a hit holds the order like any alert.
    await screenOrderAddress(tx, order, order.walletAddress, 'order', now);
    if (await queueOrderStatusSms(tx, { user, orderId: order.id, status: 'created', appUrl: deps.appUrl })) deps.onSmsQueued?.();
    await queueEmail(
      tx,
      user.email,
      renderOrderConfirmationEmail({
        fullName: user.fullName || user.name,
        order,
        appUrl: deps.appUrl,
        company: await getCompanyDetails(tx),
      }),
    );
    return { order, isReplay: false };
  });
}
