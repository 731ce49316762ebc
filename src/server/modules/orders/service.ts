import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, like, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AWAITING_STATUSES,
  awaitingStatusOf,
  findDestinationIssues,
  isAwaitingStatus,
  ORDER_MSG,
  RELEASED_STATUSES,
  SUBMITTED_STATUSES,
  submittedStatusOf,
  type TApproveOrderRequest,
  type TCancelOrderRequest,
  type TOrderStatus,
  type TSubmitPaymentRequest,
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
import { orderEvents, orders, quotes } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderAdminOrderAlertEmail, renderOrderConfirmationEmail, renderOrderStatusEmail } from '#server/lib/email/templates.js';
import { AppError } from '#server/lib/errors.js';
import { containsPattern } from '#server/lib/sql.js';
import type { TActor } from '#server/plugins/access.js';
import type { MarketService } from '#server/modules/market/service.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { firstOrThrow } from '#server/db/rows.js';
import { newPaymentReference } from './payment-reference.js';

export type TOrderDeps = {
  db: TDb;
  market: MarketService;
  appUrl: string;
  quoteTtlSeconds: number;
  log: FastifyBaseLogger;
  onEmailQueued: () => void;
  /** The server's clock (tests pass their own, so deadlines need no sleeping). */
  now?: () => Date;
};

const clock = (deps: Pick<TOrderDeps, 'now'>) => (deps.now ? deps.now() : new Date());

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
    paymentReference: row.paymentReference,
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    payerNumber: row.payerNumber,
    payerName: row.payerName,
    payoutReference: row.payoutReference,
    cancelReason: row.cancelReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
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
  const conditions = [eq(orders.paymentTxKey, key), notInArray(orders.status, [...RELEASED_STATUSES])];
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

type TEventInput = {
  orderId: number;
  actor: { id: string; kind: 'customer' | 'staff' } | 'system';
  from: TOrderStatus | null;
  to: TOrderStatus;
  details?: Record<string, string>;
  at: Date;
};

/** One status change of an order, in the caller's transaction (the timeline reads them). */
async function writeOrderEvent(tx: TTx, event: TEventInput): Promise<void> {
  const details = event.details && Object.keys(event.details).length > 0 ? event.details : null;
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    actorId: event.actor === 'system' ? null : event.actor.id,
    actorKind: event.actor === 'system' ? 'system' : event.actor.kind,
    fromStatus: event.from,
    toStatus: event.to,
    details,
    createdAt: event.at,
  });
}

/** Staff hear of a submitted order at the notification address, when one is set. */
async function queueStaffAlert(tx: TTx, deps: TOrderDeps, order: TOrderRow, customer: { name: string; email: string }) {
  const [settingsRow] = await tx.select({ notificationEmail: settings.notificationEmail }).from(settings).where(eq(settings.id, 1));
  if (!settingsRow?.notificationEmail) {
    deps.log.warn({ orderId: order.id }, 'No admin notification email is set; skipping the new-order alert.');
    return;
  }
  await queueEmail(
    tx,
    settingsRow.notificationEmail,
    renderAdminOrderAlertEmail({ customerName: customer.name, customerEmail: customer.email, order, appUrl: deps.appUrl }),
  );
}

/** A cancelled or expired order no longer counts against the customer's limit. */
async function releaseVolume(tx: TTx, order: TOrderRow) {
  return firstOrThrow(
    await tx
      .update(users)
      .set({ tradingVolumeUsd: sql`greatest(${users.tradingVolumeUsd} - ${order.amountUsd}, 0)`, updatedAt: new Date() })
      .where(eq(users.id, order.userId))
      .returning(),
  );
}

/** The payment (buy) or deposit (sell) window of the settings, in minutes. */
async function readWindowMinutes(tx: TTx, type: 'buy' | 'sell'): Promise<number> {
  const [row] = await tx
    .select({ payment: settings.paymentWindowMinutes, deposit: settings.depositWindowMinutes })
    .from(settings)
    .where(eq(settings.id, 1));
  if (type === 'buy') return row?.payment ?? DEFAULT_PAYMENT_WINDOW_MINUTES;
  return row?.deposit ?? DEFAULT_DEPOSIT_WINDOW_MINUTES;
}

export const DEFAULT_PAYMENT_WINDOW_MINUTES = 30;
export const DEFAULT_DEPOSIT_WINDOW_MINUTES = 60;
/** A new payment reference is drawn this many times at most when one is taken (about 1 in 244 million). */
const REFERENCE_ATTEMPTS = 4;

/**
 * Places an order in one transaction with the customer's row locked (decisions/013 D3,
 * docs/decisions/014): status checks, the quote (own, unexpired, unused), coin and method
 * enabled, the $20 limit for customers not yet verified, the insert with its payment reference
 * and deadline, the volume, the event and the emails. Without a transaction id the order waits
 * for the customer's payment (or deposit); with one (the one-step form) it is submitted at once,
 * the id not used by a live order (compared by its canonical key, docs/decisions/009). The same
 * Idempotency-Key with the same body returns the same order; with another body it is refused
 * (IDEMPOTENCY_KEY_REUSED).
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
      if (isPaymentTxIdConflict(error)) throw txIdUsed();
      if (isUniqueViolation(error, 'orders_quote_unique')) throw new AppError('QUOTE_USED', ORDER_MSG.quoteUsed);
      if (attempt < REFERENCE_ATTEMPTS && isUniqueViolation(error, 'orders_payment_reference_unique')) continue;
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
    if (user.kycStatus === 'pending') throw new AppError('FORBIDDEN', ORDER_MSG.kycPending);

    const [quote] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, input.quoteId), eq(quotes.userId, actor.id)));
    if (!quote) throw new AppError('QUOTE_INVALID', ORDER_MSG.quoteNotFound, { status: 404 });
    if (quote.side !== input.type) throw new AppError('QUOTE_INVALID', ORDER_MSG.quoteSideMismatch);
    if (quote.expiresAt.getTime() <= now.getTime()) throw new AppError('QUOTE_EXPIRED', ORDER_MSG.quoteExpired);
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

    const paymentTxKey = input.paymentTxId === undefined ? null : await claimPaymentTxKey(tx, input.paymentTxId);

    if (user.kycStatus !== 'verified') {
      const after = toDecimal(user.tradingVolumeUsd).plus(quote.amountUsd);
      if (after.gt(UNVERIFIED_LIMIT_USD)) throw new AppError('FORBIDDEN', ORDER_MSG.overLimit);
    }

    const awaiting = awaitingStatusOf(quote.side);
    const submitted = submittedStatusOf(quote.side);
    const windowMinutes = await readWindowMinutes(tx, quote.side);
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
          paymentTxId: input.paymentTxId ?? null,
          paymentTxKey,
          paymentReference: newPaymentReference(),
          deadlineAt: new Date(now.getTime() + windowMinutes * 60_000),
          submittedAt: paymentTxKey === null ? null : now,
          status: paymentTxKey === null ? awaiting : submitted,
          walletAddress: input.type === 'buy' ? input.walletAddress : null,
          network: input.type === 'buy' ? (input.network ?? null) : null,
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

    const customer = { id: actor.id, kind: 'customer' as const };
    await writeOrderEvent(tx, { orderId: order.id, actor: customer, from: null, to: awaiting, at: now });
    const customerName = user.fullName || user.name;
    await queueEmail(tx, user.email, renderOrderConfirmationEmail({ fullName: customerName, order, appUrl: deps.appUrl }));
    if (input.paymentTxId !== undefined) {
      await writeOrderEvent(tx, {
        orderId: order.id,
        actor: customer,
        from: awaiting,
        to: submitted,
        details: { paymentTxId: input.paymentTxId },
        at: now,
      });
      await queueStaffAlert(tx, deps, order, { name: customerName, email: user.email });
    }
    return { order, isReplay: false };
  });
}

/** The customer's own order, locked for a change; 404 for anyone else's. */
async function lockOwnOrder(tx: TTx, userId: string, id: number): Promise<TOrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  return row;
}

function notAwaiting(row: TOrderRow): AppError {
  if (row.status === 'expired') return new AppError('ORDER_EXPIRED', ORDER_MSG.expired);
  return new AppError('ORDER_NOT_AWAITING', ORDER_MSG.notAwaiting);
}

/**
 * "I have paid" (buy) or "I have sent" (sell), once: awaiting -> submitted with the transaction
 * id (unique among live orders by its canonical key) and who paid, while the deadline has not
 * passed. Racing the expiry of the same order, exactly one of them happens: both change the row
 * only from the awaiting status, under its lock.
 */
export async function submitPayment(deps: TOrderDeps, actor: TActor, id: number, input: TSubmitPaymentRequest): Promise<TOrder> {
  try {
    const row = await deps.db.transaction(async (tx) => {
      const now = clock(deps);
      const order = await lockOwnOrder(tx, actor.id, id);
      if (!isAwaitingStatus(order.status)) throw notAwaiting(order);
      if (order.deadlineAt && order.deadlineAt.getTime() <= now.getTime()) throw new AppError('ORDER_EXPIRED', ORDER_MSG.expired);
      const paymentTxKey = await claimPaymentTxKey(tx, input.paymentTxId, order.id);
      const to = submittedStatusOf(order.type);
      const [updated] = await tx
        .update(orders)
        .set({
          status: to,
          paymentTxId: input.paymentTxId,
          paymentTxKey,
          payerNumber: input.payerNumber ?? null,
          payerName: input.payerName ?? null,
          submittedAt: now,
        })
        .where(
          and(eq(orders.id, order.id), eq(orders.status, order.status), or(sql`${orders.deadlineAt} IS NULL`, gt(orders.deadlineAt, now))),
        )
        .returning();
      if (!updated) throw notAwaiting(order);
      await writeOrderEvent(tx, {
        orderId: order.id,
        actor: { id: actor.id, kind: 'customer' },
        from: order.status,
        to,
        details: { paymentTxId: input.paymentTxId },
        at: now,
      });
      await queueStaffAlert(tx, deps, updated, { name: actor.user.fullName || actor.user.name, email: actor.user.email });
      return updated;
    });
    deps.onEmailQueued();
    return toOrder(row);
  } catch (error) {
    if (isPaymentTxIdConflict(error)) throw txIdUsed();
    throw error;
  }
}

/** The customer cancels an order they have not paid yet (not after "I have paid"): the limit is released. */
export async function cancelOwnOrder(deps: TOrderDeps, actor: TActor, id: number): Promise<TOrder> {
  const row = await deps.db.transaction(async (tx) => {
    const now = clock(deps);
    const order = await lockOwnOrder(tx, actor.id, id);
    if (!isAwaitingStatus(order.status)) throw notAwaiting(order);
    const [updated] = await tx
      .update(orders)
      .set({ status: 'cancelled', decidedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!updated) throw notAwaiting(order);
    const user = await releaseVolume(tx, updated);
    await writeOrderEvent(tx, {
      orderId: order.id,
      actor: { id: actor.id, kind: 'customer' },
      from: order.status,
      to: 'cancelled',
      at: now,
    });
    await queueEmail(
      tx,
      user.email,
      renderOrderStatusEmail({ fullName: user.fullName || user.name, order: updated, status: 'cancelled', appUrl: deps.appUrl }),
    );
    return updated;
  });
  deps.onEmailQueued();
  return toOrder(row);
}

/** How many due orders one run of the expiry worker ends at most in one transaction. */
const EXPIRY_BATCH = 200;

/**
 * Ends every order still waiting for the customer whose deadline is at or before `now`: expired,
 * limit released, event and email, each once. Safe in several processes at a time: rows another
 * run holds are skipped (SKIP LOCKED) and the update changes only rows still awaiting. Returns
 * how many orders it expired.
 */
export async function expireDueOrders(deps: TOrderDeps, now: Date = clock(deps)): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.status, [...AWAITING_STATUSES]), lte(orders.deadlineAt, now)))
        .orderBy(asc(orders.deadlineAt))
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const rows = await tx
        .update(orders)
        .set({ status: 'expired', decidedAt: now })
        .where(
          and(
            inArray(
              orders.id,
              due.map((row) => row.id),
            ),
            inArray(orders.status, [...AWAITING_STATUSES]),
          ),
        )
        .returning();
      for (const row of rows) {
        const user = await releaseVolume(tx, row);
        await writeOrderEvent(tx, { orderId: row.id, actor: 'system', from: awaitingStatusOf(row.type), to: 'expired', at: now });
        await queueEmail(
          tx,
          user.email,
          renderOrderStatusEmail({ fullName: user.fullName || user.name, order: row, status: 'expired', appUrl: deps.appUrl }),
        );
      }
      return rows;
    });
    total += expired.length;
    if (expired.length > 0) deps.onEmailQueued();
    if (expired.length < EXPIRY_BATCH) return total;
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
  if (query.status === 'pending') conditions.push(inArray(orders.status, [...SUBMITTED_STATUSES]));
  else if (query.status === 'awaiting') conditions.push(inArray(orders.status, [...AWAITING_STATUSES]));
  else if (query.status !== 'all') conditions.push(eq(orders.status, query.status));
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
 * submitted ("pending") -> completed or cancelled, once (decisions/013 D11, docs/decisions/014): a
 * conditional update with the payout reference or the reason the customer is told, the limit
 * released on cancel, the event, the status email and the audit entry, all in one transaction.
 */
export async function decideOrder(
  deps: TOrderDeps,
  input: { actor: TActor; id: number; status: 'completed' | 'cancelled'; ip: string } & TApproveOrderRequest & TCancelOrderRequest,
): Promise<TAdminOrder> {
  await deps.db.transaction(async (tx) => {
    const now = clock(deps);
    const isApproval = input.status === 'completed';
    const payoutReference = isApproval ? input.payoutReference || null : null;
    const cancelReason = isApproval ? null : input.reason || null;
    const [row] = await tx
      .update(orders)
      .set({ status: input.status, decidedAt: now, decidedBy: input.actor.id, payoutReference, cancelReason })
      .where(and(eq(orders.id, input.id), inArray(orders.status, [...SUBMITTED_STATUSES])))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.id));
      throw exists ? new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed) : new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
    }
    const from = submittedStatusOf(row.type);
    const user = isApproval ? firstOrThrow(await tx.select().from(users).where(eq(users.id, row.userId))) : await releaseVolume(tx, row);
    const details: Record<string, string> = {};
    if (payoutReference) details.payoutReference = payoutReference;
    if (cancelReason) details.reason = cancelReason;
    await writeOrderEvent(tx, { orderId: row.id, actor: { id: input.actor.id, kind: 'staff' }, from, to: input.status, details, at: now });
    await queueEmail(
      tx,
      user.email,
      renderOrderStatusEmail({ fullName: user.fullName || user.name, order: row, status: input.status, appUrl: deps.appUrl }),
    );
    await writeAudit(tx, {
      actor: input.actor,
      action: isApproval ? 'order.approve' : 'order.cancel',
      targetType: 'order',
      targetId: row.id,
      before: { status: from },
      after: { status: input.status, ...details },
      ip: input.ip,
    });
  });
  deps.onEmailQueued();
  return getAdminOrder(deps.db, input.id);
}
