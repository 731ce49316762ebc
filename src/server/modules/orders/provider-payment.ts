import { and, eq } from 'drizzle-orm';
import { AUTO_PAYOUT_MSG } from '#shared/contracts/momo.js';
import { isAwaitingStatus, isConfirmedStatus, isSubmittedStatus, ORDER_MSG, submittedStatusOf } from '#shared/contracts/orders.js';
import { payoutReferenceKeyOf, railOfOrder } from '#shared/transaction-id.js';
import type { TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { AppError } from '#server/lib/errors.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import type { TOrderRow } from '#server/modules/order-reads/order-view.js';
import type { TOrderDeps } from './deps.js';
import { claimPaymentTxKey, queueStaffAlert } from './lifecycle.js';
import { applyConfirmation, preparePayout, writeEntries } from './settlement.js';
import { isReferenceTaken, queueStatusMessages, recordTransition } from './transitions.js';
/* eslint-disable import-x/no-restricted-paths -- orders still calls compliance's checks inside its transactions until they subscribe to the order-events step (docs/decisions/042) */
import { checkRecordedPayerName, checkSharedNumber } from '#server/modules/compliance/rules.js';
/* eslint-enable import-x/no-restricted-paths */

/**
 * A payment a provider says it took from the customer's wallet for a buy (issue 33 point 3,
 * docs/decisions/060): MTN's status read, never its callback alone.
 */
export type TProviderPayment = {
  /** The provider's name as the order timeline shows it ('MTN MoMo'). */
  provider: string;
  transactionId: string;
  /** The reference our request carried (X-Reference-Id). */
  referenceId: string;
  /** GHS, as the provider took it. */
  amount: string;
  /** The wallet that paid, 0XXXXXXXXX; null when the provider did not say. */
  payerNumber: string | null;
  /** The wallet holder's name as the provider has it; null when it gives none. */
  holderName: string | null;
};

export type TProviderPaymentOutcome = { outcome: 'confirmed'; order: TOrderRow } | { outcome: 'not_waiting'; order: TOrderRow };

/**
 * Confirms a buy's payment by what the provider said, as the system, in the caller's transaction:
 * a waiting order is submitted first (the provider's transaction id claimed for ever as its
 * payment id, the payer's number and name recorded, staff alerted as for "I have paid", the
 * shared-number and name-mismatch rules run), then confirmed with the provider's reference as
 * the evidence (its ledger entry: applyConfirmation). An order the customer already marked paid
 * is confirmed as it is. Any other order (expired, cancelled, decided) is not touched: the caller
 * puts the money in the exceptions queue, where staff refund or link it.
 */
export async function confirmProviderPayment(
  tx: TTx,
  deps: TOrderDeps,
  orderId: number,
  payment: TProviderPayment,
  now: Date,
): Promise<TProviderPaymentOutcome> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!current) throw new Error(`order ${orderId} is gone`);
  let order = current;
  if (order.type !== 'buy' || !(isAwaitingStatus(order.status) || isSubmittedStatus(order.status))) {
    return { outcome: 'not_waiting', order };
  }
  const [customer] = await tx
    .select({ name: users.name, fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, order.userId));
  if (isAwaitingStatus(order.status)) {
    // The deadline is not checked: the customer was prompted before it and the money has moved.
    const paymentTxKey = await claimPaymentTxKey(tx, railOfOrder(order), payment.transactionId, order.id);
    const to = submittedStatusOf(order.type);
    const [submitted] = await tx
      .update(orders)
      .set({
        status: to,
        paymentTxId: payment.transactionId,
        paymentTxKey,
        payerNumber: payment.payerNumber,
        payerName: payment.holderName,
        submittedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!submitted) return { outcome: 'not_waiting', order };
    await recordTransition(tx, deps, {
      order,
      actor: 'system',
      from: order.status,
      to,
      details: { paymentTxId: payment.transactionId, provider: payment.provider },
      at: now,
    });
    if (customer) await queueStaffAlert(tx, deps, submitted, { name: customer.fullName || customer.name, email: customer.email });
    await checkSharedNumber(tx, submitted.payerNumber, now, submitted);
    order = submitted;
  }
  if (payment.holderName && customer) {
    await checkRecordedPayerName(tx, order, payment.holderName, customer.fullName || customer.name, now);
  }
  const confirmed = await applyConfirmation(
    tx,
    deps,
    order,
    'system',
    {
      amountReceived: payment.amount,
      receivedAt: now.toISOString(),
      evidenceKind: 'provider_reference',
      evidence: `${payment.provider} transaction ${payment.transactionId} (reference ${payment.referenceId})${
        payment.payerNumber ? ` from ${payment.payerNumber}` : ''
      }`,
    },
    now,
  );
  return { outcome: 'confirmed', order: confirmed };
}

/** What the provider says it sent to a seller's wallet (docs/decisions/061). */
export type TProviderPayout = {
  provider: string;
  transactionId: string;
  referenceId: string;
  /** GHS sent. */
  amount: string;
  /** The business payment method the cedis left from. */
  paidFromMethodId: number;
};

/**
 * The cedis a confirmed sell pays out, as an approval computes them (preparePayout): refused
 * (null) when the amount received is not the amount ordered, which needs a person's choice.
 */
export async function automaticPayoutDue(tx: TTx, order: TOrderRow, paidFromMethodId: number): Promise<string | null> {
  try {
    const prepared = await preparePayout(tx, order, { paidFrom: paidFromMethodId });
    return prepared.columns.amountSent ?? null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * Completes a sell whose cedis the provider paid out by the auto-payout policy, as the system, in
 * the caller's transaction: what an approval records (the provider's transaction id as the payout
 * reference, claimed for ever; the payout's ledger entries; the customer's email and SMS), without
 * a claim or a second person: the policy that allowed it is the decision, audited when it was
 * made. Answers false, changing nothing, when the order is no longer waiting for its payout.
 */
export async function completeByProviderPayout(
  tx: TTx,
  deps: TOrderDeps,
  orderId: number,
  payout: TProviderPayout,
  now: Date,
): Promise<boolean> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
  if (!current || current.type !== 'sell' || !isConfirmedStatus(current.status)) return false;
  const payoutReferenceKey = payoutReferenceKeyOf('sell', payout.transactionId);
  if (payoutReferenceKey === null || (await isReferenceTaken(tx, payoutReferenceKey, current.id))) {
    throw new AppError('PAYOUT_REFERENCE_USED', ORDER_MSG.payoutReferenceUsed);
  }
  const prepared = await preparePayout(tx, current, { paidFrom: payout.paidFromMethodId, amountSent: payout.amount });
  const [row] = await tx
    .update(orders)
    .set({
      status: 'completed',
      decidedAt: now,
      decidedBy: null,
      payoutReference: payout.transactionId,
      payoutReferenceKey,
      // Order Details keep saying the policy paid it (docs/decisions/061), not a person.
      autoPayoutNote: AUTO_PAYOUT_MSG.paid,
      claimedBy: null,
      claimedAt: null,
      claimExpiresAt: null,
      ...prepared.columns,
    })
    .where(and(eq(orders.id, current.id), eq(orders.status, current.status)))
    .returning();
  if (!row) return false;
  await recordTransition(tx, deps, {
    order: row,
    actor: 'system',
    from: current.status,
    to: 'completed',
    details: { payoutReference: payout.transactionId, provider: payout.provider },
    at: now,
  });
  await writeEntries(tx, row, prepared.entries, null, now);
  const user = firstOrThrow(await tx.select().from(users).where(eq(users.id, row.userId)));
  await queueStatusMessages(tx, deps, { user, order: row, status: 'completed', refund: null });
  return true;
}
