import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AUTO_PAYOUT_MSG, MOMO_MSG, type TMomoOrderState, type TMomoPayment } from '#shared/contracts/momo.js';
import { isAwaitingStatus, isConfirmedStatus, MTN_MOMO, ORDER_MSG } from '#shared/contracts/orders.js';
import { searchedGhanaNumber, toGhanaInternational } from '#shared/destinations.js';
import { Dec } from '#shared/money.js';
import type { TDb, TTx } from '#server/db/client.js';
import { momoPayments } from '#server/db/schema/momo.js';
import { orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { AppError } from '#server/lib/errors.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { MOMO_FAILURE_MSG, type TMomoFailureCode, type TMomoProvider, type TMomoStatus } from '#server/lib/momo/provider.js';
import type { TActor } from '#server/plugins/access.js';
import type { TOrderRow } from '#server/modules/order-reads/order-view.js';
import { accountKeyOf } from '#server/modules/payments/service.js';
import type { TOrderDeps } from '#server/modules/orders/deps.js';
import { orderCedis } from '#server/modules/orders/settlement.js';
import { completeByProviderPayout, confirmProviderPayment } from '#server/modules/orders/provider-payment.js';
import { getAutoPayoutPolicy } from './payouts.js';

/**
 * "Pay with MTN MoMo" (issue 33 point 3, docs/decisions/060). A prompt is a momo_payments row
 * written with its reference before the provider is called; the provider's status, read back by
 * the poller (a job every few seconds, backing off per payment) or at once when its callback
 * names the payment, moves the row once from pending to successful or failed. A successful one
 * confirms the order as the system (modules/orders/provider-payment.ts); one for an order that
 * no longer waits goes to the exceptions queue. The callback's body is never believed.
 */

export type TMomoPaymentsDeps = {
  db: TDb;
  provider: TMomoProvider | null;
  /** The provider's currency (GHS in Ghana). */
  currency: string;
  orders: TOrderDeps;
  log: FastifyBaseLogger;
  /** Asks the poller for a run soon (the job engine's wake). */
  wake: () => void;
  now?: () => Date;
};

/** The provider's name as customers and staff read it. */
const PROVIDER_LABEL = MTN_MOMO;
/** The payment method a prompt can pay. */
const PROMPTABLE_PROVIDER = MTN_MOMO;
/** A request the provider says it never got is sent again, with the same reference, this many times in all. */
const MAX_SENDS = 3;
/** Status reads: the first this long after the request, then twice as long each time, up to the cap. */
const FIRST_CHECK_MS = 5_000;
const CHECK_CAP_MS = 60_000;
/** A callback reads the status at once unless a read began this recently. */
const CALLBACK_MIN_GAP_MS = 2_000;
/** Payments read per poller run. */
const BATCH = 20;

type TMomoPaymentRow = typeof momoPayments.$inferSelect;

const nowOf = (deps: Pick<TMomoPaymentsDeps, 'now'>) => (deps.now ? deps.now() : new Date());

function promptable(order: TOrderRow): boolean {
  return order.type === 'buy' && order.payTo?.type === 'momo' && order.payTo.provider === PROMPTABLE_PROVIDER;
}

function toPayment(row: TMomoPaymentRow): TMomoPayment {
  return {
    state: row.state,
    phone: row.phone,
    amount: row.amount,
    failure:
      row.state === 'failed' ? (MOMO_FAILURE_MSG[row.failureCode as TMomoFailureCode] ?? MOMO_FAILURE_MSG.INTERNAL_PROCESSING_ERROR) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownOrder(db: TDb | TTx, userId: string, orderId: number): Promise<TOrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  return row;
}

/** What the order page shows: whether a prompt can be sent now, the number it suggests, and the latest prompt. */
export async function momoOrderState(deps: TMomoPaymentsDeps, actor: TActor, orderId: number): Promise<TMomoOrderState> {
  const order = await ownOrder(deps.db, actor.id, orderId);
  const [latest] = await deps.db
    .select()
    .from(momoPayments)
    .where(and(eq(momoPayments.orderId, order.id), eq(momoPayments.kind, 'collection')))
    .orderBy(desc(momoPayments.createdAt), desc(momoPayments.id))
    .limit(1);
  const available = deps.provider !== null && promptable(order) && isAwaitingStatus(order.status);
  const verified = actor.user.phoneVerifiedAt && actor.user.phone ? toGhanaInternational(actor.user.phone) : null;
  return { available, suggestedPhone: available ? verified : null, payment: latest ? toPayment(latest) : null };
}

/**
 * Sends a payment prompt to `phone` for the customer's own buy waiting for payment to an MTN MoMo
 * account. The row (pending, with its new reference) is committed before MTN is called; a call
 * that fails or whose answer is lost leaves it pending, and the poller's status read decides
 * (sent again with the same reference only if MTN says it never got it).
 */
export async function requestMomoPayment(deps: TMomoPaymentsDeps, actor: TActor, orderId: number, rawPhone: string): Promise<TMomoPayment> {
  const provider = deps.provider;
  const phone = toGhanaInternational(rawPhone);
  if (!phone) throw new AppError('VALIDATION', MOMO_MSG.invalidNumber, { fields: { phone: MOMO_MSG.invalidNumber } });
  const order = await ownOrder(deps.db, actor.id, orderId);
  if (!provider || !promptable(order)) throw new AppError('MOMO_NOT_AVAILABLE', MOMO_MSG.notAvailable);
  if (!isAwaitingStatus(order.status) || (order.deadlineAt && order.deadlineAt.getTime() <= nowOf(deps).getTime())) {
    throw new AppError('ORDER_NOT_AWAITING', MOMO_MSG.notAwaiting);
  }
  // The wallet first: a number with no MTN MoMo wallet is told at once. A check that cannot be
  // made (MTN slow or down) does not stop the prompt: its status says what happened.
  const active = await provider.isActive(phone.slice(1), 'collection').catch((error: unknown) => {
    deps.log.warn({ err: error, orderId }, 'momo: the wallet check failed; sending the prompt anyway');
    return true;
  });
  if (!active) throw new AppError('VALIDATION', MOMO_MSG.noWallet, { fields: { phone: MOMO_MSG.noWallet } });

  const amount = new Dec(orderCedis(order)).toFixed(2);
  let row: TMomoPaymentRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const now = nowOf(deps);
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!current || !isAwaitingStatus(current.status)) throw new AppError('ORDER_NOT_AWAITING', MOMO_MSG.notAwaiting);
      const [created] = await tx
        .insert(momoPayments)
        .values({
          orderId: order.id,
          provider: provider.name,
          referenceId: randomUUID(),
          phone,
          amount,
          currency: deps.currency,
          requestedBy: actor.id,
          nextCheckAt: new Date(now.getTime() + FIRST_CHECK_MS),
          createdAt: now,
        })
        .returning();
      return created!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'momo_payments_one_pending_per_order'))
      throw new AppError('MOMO_ALREADY_PENDING', MOMO_MSG.alreadyPending);
    throw error;
  }
  await send(deps, provider, row, order);
  deps.wake();
  return toPayment(row);
}

/** One try of the request (counted); a failure is logged, and the status read decides. */
async function send(deps: TMomoPaymentsDeps, provider: TMomoProvider, row: TMomoPaymentRow, order: TOrderRow): Promise<void> {
  await deps.db
    .update(momoPayments)
    .set({ sends: sql`${momoPayments.sends} + 1` })
    .where(eq(momoPayments.id, row.id));
  const movement = {
    referenceId: row.referenceId,
    amount: row.amount,
    externalId: order.paymentReference ?? `ORDER-${order.id}`,
    phone: row.phone.slice(1),
    payerMessage: `CediCrypto order #${order.id}`,
    payeeNote: `Order #${order.id} ${order.paymentReference ?? ''}`.trim(),
  };
  try {
    await (row.kind === 'payout' ? provider.transfer(movement) : provider.requestToPay(movement));
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.id, referenceId: row.referenceId }, 'momo: the request to pay failed; its status will tell');
  }
}

/**
 * The poller's run: claims the pending payments whose read is due (each claim moves its next
 * read on, so two processes never read the same one at once), reads each one's status and
 * applies it. Answers how many were read.
 */
export async function checkDueMomoPayments(deps: TMomoPaymentsDeps): Promise<number> {
  if (!deps.provider) return 0;
  const now = nowOf(deps);
  const due = deps.db
    .select({ id: momoPayments.id })
    .from(momoPayments)
    .where(and(eq(momoPayments.state, 'pending'), lte(momoPayments.nextCheckAt, now)))
    .orderBy(momoPayments.nextCheckAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await claim(deps, inArray(momoPayments.id, due), now);
  for (const row of claimed) {
    // One payment that cannot be applied does not hold up the others; it is read again later.
    await readAndApply(deps, row).catch((error: unknown) =>
      deps.log.error({ err: error, referenceId: row.referenceId }, 'momo: a status was not applied'),
    );
  }
  return claimed.length;
}

/**
 * MTN's callback named this reference: its status is read back now (the body is never
 * believed), unless the payment is not pending or a read began in the last seconds.
 */
export async function checkMomoPaymentByReference(deps: TMomoPaymentsDeps, referenceId: string): Promise<void> {
  if (!deps.provider) return;
  const now = nowOf(deps);
  const [row] = await claim(
    deps,
    and(
      eq(momoPayments.referenceId, referenceId),
      or(isNull(momoPayments.lastCheckedAt), lte(momoPayments.lastCheckedAt, new Date(now.getTime() - CALLBACK_MIN_GAP_MS))),
    ),
    now,
  );
  if (row) await readAndApply(deps, row);
}

async function claim(deps: TMomoPaymentsDeps, which: ReturnType<typeof and>, now: Date): Promise<TMomoPaymentRow[]> {
  return deps.db
    .update(momoPayments)
    .set({
      checks: sql`${momoPayments.checks} + 1`,
      lastCheckedAt: now,
      nextCheckAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => least(${CHECK_CAP_MS / 1000}, ${FIRST_CHECK_MS / 1000} * power(2, least(${momoPayments.checks}, 10))))`,
    })
    .where(and(eq(momoPayments.state, 'pending'), which))
    .returning();
}

/** Whether the order still waits for what this payment does: a buy for its payment, a sell for its payout. */
function stillWaits(deps: TMomoPaymentsDeps, row: TMomoPaymentRow, order: TOrderRow): boolean {
  if (row.kind === 'payout') return isConfirmedStatus(order.status);
  return isAwaitingStatus(order.status) && (!order.deadlineAt || order.deadlineAt.getTime() > nowOf(deps).getTime());
}

async function readAndApply(deps: TMomoPaymentsDeps, row: TMomoPaymentRow): Promise<void> {
  const provider = deps.provider!;
  if (row.kind === 'payout' && row.sends === 0) {
    // A payout the policy queued: sent now (its row, with the reference, was committed with the decision).
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, row.orderId));
    if (order && stillWaits(deps, row, order)) await send(deps, provider, row, order);
    else await fail(deps, row, 'TRANSACTION_CANCELED');
    return;
  }
  let status: TMomoStatus;
  try {
    status = row.kind === 'payout' ? await provider.transferStatus(row.referenceId) : await provider.requestToPayStatus(row.referenceId);
  } catch (error) {
    deps.log.warn({ err: error, referenceId: row.referenceId }, 'momo: the status read failed; read again later');
    return;
  }
  switch (status.state) {
    case 'pending':
      return;
    case 'unknown': {
      // MTN never got the request: send it again with the same reference while the order waits.
      const [order] = await deps.db.select().from(orders).where(eq(orders.id, row.orderId));
      if (order && stillWaits(deps, row, order) && row.sends < MAX_SENDS) await send(deps, provider, row, order);
      else await fail(deps, row, 'SERVICE_UNAVAILABLE');
      return;
    }
    case 'failed':
      await fail(deps, row, status.reason);
      return;
    case 'successful':
      await (row.kind === 'payout' ? paidOut(deps, row, status) : succeed(deps, row, status));
  }
}

async function fail(deps: TMomoPaymentsDeps, row: TMomoPaymentRow, reason: TMomoFailureCode): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(momoPayments)
      .set({ state: 'failed', failureCode: reason, decidedAt: nowOf(deps) })
      .where(and(eq(momoPayments.id, row.id), eq(momoPayments.state, 'pending')))
      .returning();
    if (!failed) return;
    // A payout that failed waits for staff, with MTN's reason, as the orders the policy did not pay do.
    if (row.kind === 'payout') {
      await tx
        .update(orders)
        .set({ autoPayoutNote: AUTO_PAYOUT_MSG.failed(MOMO_FAILURE_MSG[reason] ?? reason) })
        .where(eq(orders.id, row.orderId));
    }
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    // The order page hears of it (the realtime notice of an order change) and shows why.
    if (order) await deps.orders.events?.changed(tx, order);
  });
}

async function succeed(
  deps: TMomoPaymentsDeps,
  row: TMomoPaymentRow,
  status: Extract<TMomoStatus, { state: 'successful' }>,
): Promise<void> {
  const provider = deps.provider!;
  const payerParty = status.partyId || row.phone.slice(1);
  const payerNumber = searchedGhanaNumber(payerParty);
  // The holder's name, for the name-mismatch rule; a read that fails leaves it unknown.
  const holderName = await provider.holderName(payerParty).catch((error: unknown) => {
    deps.log.warn({ err: error, referenceId: row.referenceId }, 'momo: the holder name read failed');
    return null;
  });
  const amount = status.amount ? new Dec(status.amount).toFixed(2) : row.amount;
  await deps.db.transaction(async (tx) => {
    const now = nowOf(deps);
    const [paid] = await tx
      .update(momoPayments)
      .set({ state: 'successful', providerTransactionId: status.providerTransactionId, payerParty, holderName, decidedAt: now })
      .where(and(eq(momoPayments.id, row.id), eq(momoPayments.state, 'pending')))
      .returning();
    if (!paid) return;
    const facts = {
      provider: PROVIDER_LABEL,
      transactionId: status.providerTransactionId,
      referenceId: row.referenceId,
      amount,
      payerNumber,
      holderName,
    };
    try {
      // In a savepoint: a confirmation the lifecycle refuses (the transaction id already another
      // order's, say) is undone alone, and the money still reaches staff as an exception.
      const result = await tx.transaction((inner) => confirmProviderPayment(inner, deps.orders, row.orderId, facts, now));
      if (result.outcome === 'not_waiting')
        await queueLatePayment(tx, result.order, paid, amount, `was ${result.order.status.replace(/_/g, ' ')}`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.log.warn(
        { err: error, referenceId: row.referenceId },
        'momo: the order was not confirmed; the payment waits in the exceptions queue',
      );
      const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
      if (order) await queueLatePayment(tx, order, paid, amount, `could not be confirmed (${error.message})`);
    }
  });
  deps.orders.onEmailQueued();
}

/**
 * Money MTN took for an order that no longer waits (expired, cancelled or decided meanwhile) or
 * that the lifecycle would not confirm: staff refund it or link it to an order.
 */
async function queueLatePayment(tx: TTx, order: TOrderRow, payment: TMomoPaymentRow, amount: string, why: string): Promise<void> {
  await tx.insert(statementExceptions).values({
    kind: 'no_order',
    accountKey: order.paymentMethodId !== null ? accountKeyOf({ paymentMethodId: order.paymentMethodId }) : 'pm:unknown',
    orderId: order.id,
    detail:
      `${PROVIDER_LABEL} payment of GHS ${amount} (transaction ${payment.providerTransactionId}, reference ${payment.referenceId}) ` +
      `from ${payment.payerParty ?? payment.phone} for order #${order.id}, which ${why} when it arrived.`,
  });
}

/**
 * MTN says a payout reached the seller's wallet: the payment moves to successful once and the sell
 * is completed as the system (modules/orders/provider-payment.ts). Should the lifecycle refuse (the
 * order moved meanwhile), the money still went out: the order says so for staff, who reconcile it.
 */
async function paidOut(
  deps: TMomoPaymentsDeps,
  row: TMomoPaymentRow,
  status: Extract<TMomoStatus, { state: 'successful' }>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = nowOf(deps);
    const [paid] = await tx
      .update(momoPayments)
      .set({ state: 'successful', providerTransactionId: status.providerTransactionId, payerParty: status.partyId || null, decidedAt: now })
      .where(and(eq(momoPayments.id, row.id), eq(momoPayments.state, 'pending')))
      .returning();
    if (!paid) return;
    const policy = await getAutoPayoutPolicy(tx);
    const facts = {
      provider: PROVIDER_LABEL,
      transactionId: status.providerTransactionId,
      referenceId: row.referenceId,
      amount: row.amount,
      paidFromMethodId: policy.paidFromMethodId ?? -1,
    };
    const note = (why: string) =>
      tx
        .update(orders)
        .set({ autoPayoutNote: `MTN MoMo paid GHS ${row.amount} out (transaction ${status.providerTransactionId}), but ${why}` })
        .where(eq(orders.id, row.orderId));
    try {
      const done = await tx.transaction((inner) => completeByProviderPayout(inner, deps.orders, row.orderId, facts, now));
      if (!done) await note('the order was no longer waiting for its payout.');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.log.error({ err: error, referenceId: row.referenceId }, 'momo: a payout was made but its order was not completed');
      await note(`the order could not be completed: ${error.message}`);
    }
  });
  deps.orders.onEmailQueued();
}
