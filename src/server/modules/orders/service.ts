import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  findDestinationIssues,
  ORDER_MSG,
  UNVERIFIED_LIMIT_USD,
  type TAdminOrder,
  type TAdminOrderQuery,
  type TCoinPublic,
  type TCreateOrderRequest,
  type TOrder,
  type TPaymentMethodPublic,
  type TQuote,
  type TQuoteRequest,
} from '#shared/contracts/orders.js';
import { convertGhsToUsd, roundCrypto, roundFiat, toDecimal } from '#shared/money.js';
import { toTransactionKey } from '#shared/transaction-id.js';
import { COIN_NETWORKS } from '#shared/wallet-address.js';
import type { TDb, TTx } from '#server/db/client.js';
import { coins, paymentMethods, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderAdminOrderAlertEmail, renderOrderConfirmationEmail, renderOrderStatusEmail } from '#server/lib/email/templates.js';
import { AppError } from '#server/lib/errors.js';
import { containsPattern } from '#server/lib/sql.js';
import type { TActor } from '#server/plugins/access.js';
import type { MarketService } from '#server/modules/market/service.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { firstOrThrow } from '#server/db/rows.js';

export type TOrderDeps = {
  db: TDb;
  market: MarketService;
  appUrl: string;
  quoteTtlSeconds: number;
  log: FastifyBaseLogger;
  onEmailQueued: () => void;
};

type TOrderRow = typeof orders.$inferSelect;

export function toOrder(row: TOrderRow): TOrder {
  return {
    id: row.id,
    type: row.type,
    coinSymbol: row.coinSymbol,
    amountCrypto: row.amountCrypto,
    amountFiat: row.amountFiat,
    fiatCurrency: row.fiatCurrency,
    amountUsd: row.amountUsd,
    unitPriceUsd: row.unitPriceUsd,
    paymentMethod: row.paymentMethod,
    paymentTxId: row.paymentTxId,
    walletAddress: row.walletAddress,
    network: row.network,
    destinationTag: row.destinationTag,
    payout: row.payout ?? null,
    notes: row.notes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A quote from the server's own prices (decisions/013 D2): unit price with the fee, the crypto amount for the
 * fiat amount asked, valid for QUOTE_TTL_SECONDS. Stale prices give no quote.
 */
export async function createQuote(deps: TOrderDeps, actor: TActor, input: TQuoteRequest): Promise<TQuote> {
  // The fee and coin list as they are now (not the market page's short-lived copy): a fee
  // change applies to the very next quote, in every process.
  const market = await deps.market.getMarket({ freshReference: true });
  const coin = market.coins.find((c) => c.symbol === input.coinSymbol);
  if (!coin) throw new AppError('COIN_UNAVAILABLE', ORDER_MSG.coinUnavailable);
  const unitPriceUsd = input.side === 'buy' ? coin.buyUsd : coin.sellUsd;
  if (coin.isStale || !unitPriceUsd || !coin.baseUsd || toDecimal(unitPriceUsd).lte(0)) {
    throw new AppError('UNAVAILABLE', ORDER_MSG.stalePrices);
  }
  const ghsRate = market.ghsRate;
  const amountFiat = roundFiat(input.amountFiat);
  const amountUsd = input.fiatCurrency === 'USD' ? amountFiat : convertGhsToUsd(amountFiat, ghsRate);
  if (toDecimal(amountUsd).lte(0))
    throw new AppError('VALIDATION', ORDER_MSG.amountInvalid, { fields: { amountFiat: ORDER_MSG.amountInvalid } });
  // The customer never gets more than paid for (buy) nor sends less than sold (sell).
  const amountCrypto = roundCrypto(toDecimal(amountUsd).div(unitPriceUsd), input.side === 'buy' ? 'down' : 'up');
  if (toDecimal(amountCrypto).lte(0))
    throw new AppError('VALIDATION', ORDER_MSG.amountInvalid, { fields: { amountFiat: ORDER_MSG.amountInvalid } });
  const feeUsd = roundFiat(toDecimal(unitPriceUsd).minus(coin.baseUsd).abs().times(amountCrypto));
  const unitPriceFiat = input.fiatCurrency === 'USD' ? roundFiat(unitPriceUsd) : roundFiat(toDecimal(unitPriceUsd).times(ghsRate));
  const expiresAt = new Date(Date.now() + deps.quoteTtlSeconds * 1000);
  const row = firstOrThrow(
    await deps.db
      .insert(quotes)
      .values({
        id: randomUUID(),
        userId: actor.id,
        coinSymbol: coin.symbol,
        side: input.side,
        fiatCurrency: input.fiatCurrency,
        amountFiat,
        amountUsd,
        amountCrypto,
        unitPriceUsd,
        baseUsd: coin.baseUsd,
        ghsRate,
        feePercentage: market.serviceFeePercentage,
        feeUsd,
        expiresAt,
      })
      .returning(),
  );
  return {
    id: row.id,
    coinSymbol: row.coinSymbol,
    side: row.side,
    fiatCurrency: row.fiatCurrency,
    amountFiat: row.amountFiat,
    amountUsd: row.amountUsd,
    amountCrypto: row.amountCrypto,
    unitPriceUsd: row.unitPriceUsd,
    unitPriceFiat,
    ghsRate: row.ghsRate,
    feePercentage: row.feePercentage,
    feeUsd: row.feeUsd,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** How long an expired quote no order used is kept before the background job deletes it. */
export const UNUSED_QUOTE_RETENTION_MS = 60 * 60 * 1000;

/**
 * Deletes quotes that expired more than UNUSED_QUOTE_RETENTION_MS before `now` and that no order
 * refers to (an order's quote is its price record and stays), in batches so no lock is held long.
 * Answers how many went.
 */
export async function pruneUnusedQuotes(db: TDb, now: Date = new Date(), batchSize = 5_000): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_QUOTE_RETENTION_MS);
  let total = 0;
  for (;;) {
    const unused = db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(lt(quotes.expiresAt, cutoff), sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.quoteId} = ${quotes.id})`))
      .limit(batchSize);
    const deleted = await db.delete(quotes).where(inArray(quotes.id, unused)).returning({ id: quotes.id });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

/** An Idempotency-Key and the hash of the body it came with (src/server/lib/request-hash.ts). */
export type TIdempotency = { key: string; bodyHash: string };

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

const txIdUsed = () => new AppError('TX_ID_USED', ORDER_MSG.txIdUsed, { fields: { paymentTxId: ORDER_MSG.txIdUsed } });

/**
 * The canonical key of a payment transaction id (docs/decisions/009) after checking, inside the
 * caller's transaction, that no live order has it (`exceptOrderId`: the order being updated).
 * The unique index orders_live_payment_tx_key_unique is the last word under concurrency: map its
 * violation with isPaymentTxIdConflict.
 */
export async function claimPaymentTxKey(tx: TTx, paymentTxId: string, exceptOrderId?: number): Promise<string> {
  const key = toTransactionKey(paymentTxId);
  if (key === null) throw new AppError('VALIDATION', ORDER_MSG.txIdFormat, { fields: { paymentTxId: ORDER_MSG.txIdFormat } });
  const conditions = [eq(orders.paymentTxKey, key), ne(orders.status, 'cancelled')];
  if (exceptOrderId !== undefined) conditions.push(ne(orders.id, exceptOrderId));
  const [taken] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(...conditions));
  if (taken) throw txIdUsed();
  return key;
}

/** True when a database error is a second live order with the same payment transaction id key. */
export function isPaymentTxIdConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'orders_live_payment_tx_key_unique');
}

/**
 * Places an order in one transaction with the customer's row locked (decisions/013 D3): status checks, the
 * quote (own, unexpired, unused), coin and method enabled, payment transaction id not used by a
 * live order (compared by its canonical key, docs/decisions/009), the $20 limit for customers
 * not yet verified, the insert, the volume, and the emails. The same Idempotency-Key with the same
 * body returns the same order; with another body it is refused (IDEMPOTENCY_KEY_REUSED).
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
  try {
    const result = await deps.db.transaction(async (tx) => {
      const user = firstOrThrow(await tx.select().from(users).where(eq(users.id, actor.id)).for('update'));
      if (idempotency) {
        const existing = await findReplay(tx, actor.id, idempotency);
        if (existing) return { order: existing, isReplay: true };
      }
      if (user.banned) throw new AppError('FORBIDDEN', ORDER_MSG.banned);
      if (user.kycStatus === 'pending') throw new AppError('FORBIDDEN', ORDER_MSG.kycPending);

      const [quote] = await tx
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, input.quoteId), eq(quotes.userId, actor.id)));
      if (!quote) throw new AppError('QUOTE_INVALID', ORDER_MSG.quoteNotFound, { status: 404 });
      if (quote.side !== input.type) throw new AppError('QUOTE_INVALID', ORDER_MSG.quoteSideMismatch);
      if (quote.expiresAt.getTime() <= Date.now()) throw new AppError('QUOTE_EXPIRED', ORDER_MSG.quoteExpired);
      const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quote.id));
      if (used) throw new AppError('QUOTE_USED', ORDER_MSG.quoteUsed);

      const [coin] = await tx.select().from(coins).where(eq(coins.symbol, quote.coinSymbol));
      if (!coin?.isEnabled) throw new AppError('COIN_UNAVAILABLE', ORDER_MSG.coinUnavailable);
      validateOrderInput(input, coin.symbol, coin.name);

      let paymentMethod = 'Crypto transfer';
      let paymentMethodId: number | null = null;
      if (input.type === 'buy') {
        const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, input.paymentMethodId));
        if (!method?.isEnabled) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', ORDER_MSG.methodUnavailable);
        paymentMethod = method.name;
        paymentMethodId = method.id;
      } else {
        if (!coin.walletAddress) throw new AppError('WALLET_NOT_CONFIGURED', ORDER_MSG.noWalletConfigured);
        paymentMethod = input.payout.type === 'momo' ? input.payout.provider : `Bank: ${input.payout.bankName}`;
      }

      const paymentTxKey = await claimPaymentTxKey(tx, input.paymentTxId);

      if (user.kycStatus !== 'verified') {
        const after = toDecimal(user.tradingVolumeUsd).plus(quote.amountUsd);
        if (after.gt(UNVERIFIED_LIMIT_USD)) throw new AppError('FORBIDDEN', ORDER_MSG.overLimit);
      }

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
            unitPriceUsd: quote.unitPriceUsd,
            ghsRate: quote.ghsRate,
            paymentMethodId,
            paymentMethod,
            paymentTxId: input.paymentTxId,
            paymentTxKey,
            walletAddress: input.type === 'buy' ? input.walletAddress : null,
            network: input.type === 'buy' ? (input.network ?? null) : null,
            destinationTag: input.type === 'buy' ? input.destinationTag || null : null,
            payout: input.type === 'sell' ? input.payout : null,
            notes: input.notes || null,
            idempotencyKey: idempotency?.key ?? null,
            idempotencyBodyHash: idempotency?.bodyHash ?? null,
          })
          .returning(),
      );
      await tx
        .update(users)
        .set({ tradingVolumeUsd: sql`${users.tradingVolumeUsd} + ${quote.amountUsd}`, updatedAt: new Date() })
        .where(eq(users.id, actor.id));

      const emailOrder = { ...order, fiatCurrency: order.fiatCurrency };
      await queueEmail(
        tx,
        user.email,
        renderOrderConfirmationEmail({ fullName: user.fullName || user.name, order: emailOrder, appUrl: deps.appUrl }),
      );
      const [settingsRow] = await tx.select({ notificationEmail: settings.notificationEmail }).from(settings).where(eq(settings.id, 1));
      if (settingsRow?.notificationEmail) {
        await queueEmail(
          tx,
          settingsRow.notificationEmail,
          renderAdminOrderAlertEmail({
            customerName: user.fullName || user.name,
            customerEmail: user.email,
            order: emailOrder,
            appUrl: deps.appUrl,
          }),
        );
      } else {
        deps.log.warn({ orderId: order.id }, 'No admin notification email is set; skipping the new-order alert.');
      }
      return { order, isReplay: false };
    });
    if (!result.isReplay) deps.onEmailQueued();
    return result;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (idempotency && isUniqueViolation(error, 'orders_idempotency_unique')) {
      const existing = await findReplay(deps.db, actor.id, idempotency);
      if (existing) return { order: existing, isReplay: true };
    }
    if (isPaymentTxIdConflict(error)) throw txIdUsed();
    if (isUniqueViolation(error, 'orders_quote_unique')) throw new AppError('QUOTE_USED', ORDER_MSG.quoteUsed);
    throw error;
  }
}

/** Checks of the order body that need no database: wallet formats per coin and network. */
export function validateOrderInput(input: TCreateOrderRequest, coinSymbol: string, coinName: string): void {
  if (input.type !== 'buy') return;
  const [issue] = findDestinationIssues({ symbol: coinSymbol, name: coinName }, input);
  if (issue) throw new AppError('VALIDATION', issue.message, { fields: { [issue.field]: issue.message } });
}

/** The coins that trade now, in the order the back-office set, with the deposit address sellers send to. */
export async function listTradableCoins(db: TDb): Promise<TCoinPublic[]> {
  const rows = await db.select().from(coins).where(eq(coins.isEnabled, true)).orderBy(asc(coins.sortOrder));
  return rows.map((c) => ({ symbol: c.symbol, name: c.name, walletAddress: c.walletAddress, network: COIN_NETWORKS[c.symbol] ?? '' }));
}

/** The payment methods a buyer may pay with now. */
export async function listEnabledPaymentMethods(db: TDb): Promise<TPaymentMethodPublic[]> {
  const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.isEnabled, true)).orderBy(asc(paymentMethods.id));
  return rows.map((m) => ({ id: m.id, name: m.name, details: m.details }));
}

export async function findMyOrders(db: TDb, userId: string): Promise<TOrder[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(200);
  return rows.map(toOrder);
}

export async function getMyOrder(db: TDb, userId: string, id: number): Promise<TOrder> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  return toOrder(row);
}

export async function getLimit(db: TDb, userId: string) {
  const user = firstOrThrow(
    await db.select({ kycStatus: users.kycStatus, volume: users.tradingVolumeUsd }).from(users).where(eq(users.id, userId)),
  );
  const isLimited = user.kycStatus !== 'verified';
  const remaining = toDecimal(UNVERIFIED_LIMIT_USD).minus(user.volume);
  return {
    isLimited,
    limitUsd: roundFiat(UNVERIFIED_LIMIT_USD),
    usedUsd: roundFiat(user.volume),
    remainingUsd: roundFiat(remaining.lt(0) ? 0 : remaining),
  };
}

const adminColumns = {
  order: orders,
  customerName: users.fullName,
  customerEmail: users.email,
  customerPhone: users.phone,
};

function toAdminOrder(row: { order: TOrderRow; customerName: string; customerEmail: string; customerPhone: string | null }): TAdminOrder {
  return {
    ...toOrder(row.order),
    userId: row.order.userId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
  };
}

/** Days cover whole days in Africa/Accra, which is UTC+0 all year. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export async function findAdminOrders(db: TDb, query: TAdminOrderQuery) {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(orders.status, query.status));
  if (query.from) conditions.push(gte(orders.createdAt, dayStart(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, new Date(dayStart(query.to).getTime() + 24 * 3600 * 1000)));
  if (query.q) {
    const pattern = containsPattern(query.q);
    // Matching customers are looked up first (trigram indexes on name and email) so that the
    // order query is an OR of indexed conditions (user id, trigram on the transaction id,
    // primary key) that PostgreSQL can combine, rather than a filter over the whole join.
    const matchingCustomers = await db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(users.fullName, pattern), ilike(users.email, pattern)));
    const match: SQL[] = [ilike(orders.paymentTxId, pattern)];
    // The transaction id also by its canonical key: 'MP-1234 5' finds 'mp12345' (docs/decisions/009).
    // '#12' asks for order 12, not for every id with a 12 in it.
    const txKey = /^#\d+$/.test(query.q) ? null : toTransactionKey(query.q);
    if (txKey) match.push(like(orders.paymentTxKey, `%${txKey}%`));
    if (matchingCustomers.length > 0)
      match.push(
        inArray(
          orders.userId,
          matchingCustomers.map((c) => c.id),
        ),
      );
    const asId = query.q.replace(/^#/, '');
    if (/^\d{1,9}$/.test(asId)) match.push(eq(orders.id, Number(asId)));
    conditions.push(or(...match)!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const sortColumn = {
    id: orders.id,
    createdAt: orders.createdAt,
    customerName: users.fullName,
    amountFiat: orders.amountFiat,
    status: orders.status,
  }[query.sort];
  const direction = query.dir === 'asc' ? asc : desc;
  const rows = await db
    .select(adminColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(direction(sortColumn), direction(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // Every order has its customer (foreign key), so the count needs no join.
  const { total } = firstOrThrow(await db.select({ total: count() }).from(orders).where(where));
  return { orders: rows.map(toAdminOrder), total, page: query.page, pageSize: query.pageSize };
}

export async function getAdminOrder(db: TDb, id: number): Promise<TAdminOrder> {
  const [row] = await db.select(adminColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id));
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  return toAdminOrder(row);
}

/**
 * pending -> completed or cancelled, once (decisions/013 D11): a conditional update, the limit released on
 * cancel, the status email and the audit entry, all in one transaction.
 */
export async function decideOrder(
  deps: TOrderDeps,
  input: { actor: TActor; id: number; status: 'completed' | 'cancelled'; ip: string },
): Promise<TAdminOrder> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: input.status, decidedAt: new Date(), decidedBy: input.actor.id })
      .where(and(eq(orders.id, input.id), eq(orders.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.id));
      throw exists ? new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed) : new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
    }
    const volumeChange = input.status === 'cancelled' ? sql`${users.tradingVolumeUsd} - ${row.amountUsd}` : users.tradingVolumeUsd;
    const user = firstOrThrow(await tx.update(users).set({ tradingVolumeUsd: volumeChange }).where(eq(users.id, row.userId)).returning());
    await queueEmail(
      tx,
      user.email,
      renderOrderStatusEmail({ fullName: user.fullName || user.name, order: row, status: input.status, appUrl: deps.appUrl }),
    );
    await writeAudit(tx, {
      actor: input.actor,
      action: input.status === 'completed' ? 'order.approve' : 'order.cancel',
      targetType: 'order',
      targetId: row.id,
      before: { status: 'pending' },
      after: { status: input.status },
      ip: input.ip,
    });
  });
  deps.onEmailQueued();
  return getAdminOrder(deps.db, input.id);
}
