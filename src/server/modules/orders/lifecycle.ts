import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  AWAITING_STATUSES,
  awaitingStatusOf,
  isAwaitingStatus,
  isConfirmedStatus,
  isStaffPendingStatus,
  isSubmittedStatus,
  ORDER_MSG,
  refundDestination,
  SUBMITTED_STATUSES,
  submittedStatusOf,
  type TOrderStatus,
  type TEditPaymentTxIdRequest,
  type TPaymentConfirmation,
  type TPayoutFacts,
  type TSubmitPaymentRequest,
} from '#shared/contracts/orders.js';
import { CHAINS, cleanTxHash, isValidTxHash, networkOfOrder, networksOf } from '#shared/networks.js';
import {
  isTransactionId,
  paymentTxKeyOf,
  payoutReferenceKeyOf,
  railOfOrder,
  transactionIdIssue,
  type TPaymentRail,
} from '#shared/transaction-id.js';
import type { TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderAdminOrderAlertEmail } from '#server/lib/email/templates.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import { readSettingsRow } from '#server/lib/settings-row.js';
import type { TOrderRow } from '#server/modules/order-reads/order-view.js';
import type { TOrderDeps } from './deps.js';
import type { TEntryInput } from '#server/modules/ledger/service.js';
import {
  applyConfirmation,
  checkTwoPeople,
  formatReceived,
  isRefundReferenceConflict,
  preparePayout,
  refuseWhileAutoPayout,
  writeEntries,
  type TPreparedPayout,
} from './settlement.js';
import { clock, isReferenceTaken, queueStatusMessages, recordTransition, releaseVolume, type TTransitionEvent } from './transitions.js';
import { claimedByOther, hasLiveClaim, refuseBlockedCustomer } from './claims.js';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { canAccess } from '#shared/permissions.js';
/* eslint-disable import-x/no-restricted-paths -- orders still calls compliance's checks inside its transactions until they subscribe to the order-events step (docs/decisions/042) */
import {
  canonicalPhone,
  checkRecordedPayerName,
  checkSharedNumber,
  isOrderHeld,
  isOrderUnderReview,
  lockNumbers,
  numbersOf,
} from '#server/modules/compliance/rules.js';
import { hashImages, recordImages } from '#server/modules/compliance/reused-images.js';
/* eslint-enable import-x/no-restricted-paths */

export { clock, recordTransition } from './transitions.js';

/**
 * The order lifecycle's transitions (docs/decisions/014): each one conditional update of the
 * order, its event, its email and its realtime notice, in one transaction.
 */

const txIdUsed = () => new AppError('TX_ID_USED', ORDER_MSG.txIdUsed, { fields: { paymentTxId: ORDER_MSG.txIdUsed } });

/** The field error of a transaction id that has no key, or is shorter than its rail's minimum. */
function txIdInvalid(rail: TPaymentRail, paymentTxId: string): AppError | null {
  const issue = transactionIdIssue(rail, paymentTxId);
  if (issue === null) return null;
  const message = issue === 'format' ? ORDER_MSG.txIdFormat : ORDER_MSG.txIdTooShort(rail);
  return new AppError('VALIDATION', message, { fields: { paymentTxId: message } });
}

/**
 * The key of a payment transaction id on the order's rail (docs/decisions/009: a sell's hash
 * without '0x', a buy's MoMo or bank id without leading zeros) after checking its rail's minimum
 * length and, inside the caller's transaction, that no other order has it, cancelled, expired or
 * not (docs/decisions/036). The unique index orders_payment_tx_key_unique is the last word under
 * concurrency: map its violation with isPaymentTxIdConflict.
 */
export async function claimPaymentTxKey(tx: TTx, rail: TPaymentRail, paymentTxId: string, orderId: number): Promise<string> {
  const invalid = txIdInvalid(rail, paymentTxId);
  if (invalid) throw invalid;
  const key = paymentTxKeyOf(rail, paymentTxId) as string;
  if (await isReferenceTaken(tx, key, orderId)) throw txIdUsed();
  return key;
}

/** True when a database error is a second order with the same payment transaction id key. */
export function isPaymentTxIdConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'orders_payment_tx_key_unique');
}

const payoutReferenceUsed = () =>
  new AppError('PAYOUT_REFERENCE_USED', ORDER_MSG.payoutReferenceUsed, { fields: { payoutReference: ORDER_MSG.payoutReferenceUsed } });

/** Staff hear of a submitted order at the notification address, when one is set. */
export async function queueStaffAlert(tx: TTx, deps: TOrderDeps, order: TOrderRow, customer: { name: string; email: string }) {
  // The transaction's one read of the settings row: a sell's monitoring rules read it next (src/server/lib/settings-row.ts).
  const settingsRow = await readSettingsRow(tx);
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

/** A payment screenshot already checked by its bytes (routes.ts), to keep with the order. */
export type TProofUpload = { data: Buffer; type: 'image/jpeg' | 'image/png' };

/**
 * A transaction id as the order keeps it: a sell's is an on-chain hash, kept cleaned (as an
 * explorer needs it) and in its network's format; a buy's is trimmed.
 */
function checkedPaymentTxId(order: TOrderRow, raw: string): string {
  const paymentTxId = order.type === 'sell' ? cleanTxHash(raw) : raw.trim();
  if (order.type === 'sell') {
    const network = networkOfOrder(order);
    if (network && !isValidTxHash(network, paymentTxId)) {
      const message = ORDER_MSG.txHashFormat(CHAINS[network].label);
      throw new AppError('VALIDATION', message, { fields: { paymentTxId: message } });
    }
  }
  return paymentTxId;
}

/**
 * "I have paid" (buy) or "I have sent" (sell), once: awaiting -> submitted with the transaction
 * id (a sell's must be a transaction hash of its network; unique among live orders by its
 * canonical key), who paid (buy) and the screenshot, while the deadline has not passed. Racing
 * the expiry of the same order, exactly one of them happens: both change the row only from the
 * awaiting status, and this one only before the deadline.
 */
export async function submitPayment(
  deps: TOrderDeps,
  actor: TActor,
  id: number,
  input: TSubmitPaymentRequest,
  proof?: TProofUpload,
): Promise<TOrderRow> {
  const proofKey = proof ? await deps.storage.put(proof.data, proof.type === 'image/png' ? 'png' : 'jpg') : null;
  // The screenshot's perceptual hash, before the transaction (docs/decisions/031).
  const proofImages = proof && proofKey ? hashImages([{ kind: 'payment_proof', storageKey: proofKey, data: proof.data }]) : [];
  try {
    const row = await deps.db.transaction(async (tx) => {
      const now = clock(deps);
      const order = await lockOwnOrder(tx, actor.id, id);
      // "I have sent" after a chain watcher saw the deposit (docs/decisions/058): the hash must be the one seen; nothing changes.
      if (order.status === 'deposit_detected' && !proof) {
        const pasted = paymentTxKeyOf('chain', checkedPaymentTxId(order, input.paymentTxId));
        if (pasted !== null && pasted === order.paymentTxKey) return order;
        throw new AppError('TX_HASH_NOT_DETECTED', ORDER_MSG.txHashNotDetected, { fields: { paymentTxId: ORDER_MSG.txHashNotDetected } });
      }
      if (!isAwaitingStatus(order.status)) throw notAwaiting(order);
      if (order.deadlineAt && order.deadlineAt.getTime() <= now.getTime()) throw new AppError('ORDER_EXPIRED', ORDER_MSG.expired);
      const paymentTxId = checkedPaymentTxId(order, input.paymentTxId);
      const paymentTxKey = await claimPaymentTxKey(tx, railOfOrder(order), paymentTxId, order.id);
      const to = submittedStatusOf(order.type);
      const isBuy = order.type === 'buy';
      const [updated] = await tx
        .update(orders)
        .set({
          status: to,
          paymentTxId,
          paymentTxKey,
          payerNumber: isBuy ? input.payerNumber || null : null,
          payerName: isBuy ? input.payerName || null : null,
          proofKey,
          proofType: proof?.type ?? null,
          submittedAt: now,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, order.status), or(isNull(orders.deadlineAt), gt(orders.deadlineAt, now))))
        .returning();
      if (!updated) throw notAwaiting(order);
      await recordTransition(tx, deps, {
        order,
        actor: { id: actor.id, kind: 'customer' },
        from: order.status,
        to,
        details: { paymentTxId },
        at: now,
      });
      await queueStaffAlert(tx, deps, updated, { name: actor.user.fullName || actor.user.name, email: actor.user.email });
      // Monitoring (docs/decisions/017): the payer number (buy) or payout MoMo number (sell) shared
      // by too many customers; this customer's alert names this order.
      await checkSharedNumber(
        tx,
        isBuy ? updated.payerNumber : updated.payout?.type === 'momo' ? updated.payout.number : null,
        now,
        updated,
      );
      // The same screenshot on another customer's order raises an alert (issue 27 point 4).
      await recordImages(tx, { userId: updated.userId, orderId: updated.id }, proofImages, now);
      return updated;
    });
    deps.onEmailQueued();
    return row;
  } catch (error) {
    if (proofKey) await deps.storage.remove(proofKey);
    if (isPaymentTxIdConflict(error)) throw txIdUsed();
    throw error;
  }
}

/**
 * The customer corrects the transaction id of their submitted order until staff decide
 * (docs/decisions/009): the rules of "I have paid" again (format, the rail's minimum, unique
 * among live orders by its key), then the order keeps the new id and key and its timeline an
 * event from and to its status with the old and the new id. The order's row lock orders it with
 * a staff decision: once approved or cancelled, the id is final. Someone else's order is 404.
 */
export async function editPaymentTxId(deps: TOrderDeps, actor: TActor, id: number, input: TEditPaymentTxIdRequest): Promise<TOrderRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const now = clock(deps);
      const order = await lockOwnOrder(tx, actor.id, id);
      if (isAwaitingStatus(order.status)) throw new AppError('ORDER_NOT_SUBMITTED', ORDER_MSG.txIdEditNotSubmitted);
      if (!(SUBMITTED_STATUSES as readonly TOrderStatus[]).includes(order.status)) {
        throw new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.txIdEditClosed);
      }
      const paymentTxId = checkedPaymentTxId(order, input.paymentTxId);
      if (paymentTxId === order.paymentTxId) {
        throw new AppError('VALIDATION', ORDER_MSG.txIdUnchanged, { fields: { paymentTxId: ORDER_MSG.txIdUnchanged } });
      }
      const paymentTxKey = await claimPaymentTxKey(tx, railOfOrder(order), paymentTxId, order.id);
      const [updated] = await tx
        .update(orders)
        .set({ paymentTxId, paymentTxKey })
        .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
        .returning();
      if (!updated) throw new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.txIdEditClosed);
      const details: Record<string, string> = { paymentTxId };
      if (order.paymentTxId) details.previousPaymentTxId = order.paymentTxId;
      await recordTransition(tx, deps, {
        order,
        actor: { id: actor.id, kind: 'customer' },
        from: order.status,
        to: order.status,
        details,
        at: now,
      });
      await writeAudit(tx, {
        actor,
        action: 'order.payment_tx_edit',
        targetType: 'order',
        targetId: order.id,
        before: { paymentTxId: order.paymentTxId, paymentTxKey: order.paymentTxKey },
        after: { paymentTxId, paymentTxKey },
      });
      return updated;
    });
  } catch (error) {
    if (isPaymentTxIdConflict(error)) throw txIdUsed();
    throw error;
  }
}

/** The customer cancels an order they have not paid yet (not after "I have paid"): the limit is released. */
export async function cancelOwnOrder(deps: TOrderDeps, actor: TActor, id: number): Promise<TOrderRow> {
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
    const user = await releaseVolume(tx, updated, now);
    await recordTransition(tx, deps, { order, actor: { id: actor.id, kind: 'customer' }, from: order.status, to: 'cancelled', at: now });
    await queueStatusMessages(tx, deps, { user, order: updated, status: 'cancelled' });
    return updated;
  });
  deps.onEmailQueued();
  return row;
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
        const user = await releaseVolume(tx, row, now);
        await recordTransition(tx, deps, { order: row, actor: 'system', from: awaitingStatusOf(row.type), to: 'expired', at: now });
        await queueStatusMessages(tx, deps, { user, order: row, status: 'expired' });
      }
      return rows;
    });
    total += expired.length;
    if (expired.length > 0) deps.onEmailQueued();
    if (expired.length < EXPIRY_BATCH) return total;
  }
}

/**
 * The payout reference staff give on approval: a buy's is the outgoing transaction hash on the
 * order's network (any of the coin's networks when an older order has none); a sell's is the
 * MoMo or bank reference, Latin letters and digits like a payment transaction id.
 */
function checkPayoutReference(order: TOrderRow, reference: string): void {
  const fail = (message: string) => new AppError('VALIDATION', message, { fields: { payoutReference: message } });
  if (order.type === 'sell') {
    if (!isTransactionId(reference)) throw fail(ORDER_MSG.txIdFormat);
    return;
  }
  const network = networkOfOrder(order);
  const candidates = network ? [network] : networksOf(order.coinSymbol).map((entry) => entry.network);
  if (candidates.length > 0 && !candidates.some((candidate) => isValidTxHash(candidate, reference))) {
    throw fail(ORDER_MSG.payoutHashFormat(candidates.map((candidate) => CHAINS[candidate].label).join(' or ')));
  }
}

/** The payout's facts as the audit log keeps them. */
function payoutAudit(row: TOrderRow) {
  return {
    amountSent: row.amountSent,
    paidFromAccount: row.paidFromAccount,
    payoutFee: row.payoutFee,
    ...(row.refundAmount ? { refundAmount: row.refundAmount, refundReference: row.refundReference } : {}),
  };
}

export type TDecision =
  | {
      status: 'completed';
      payoutReference: string;
      recordedPayerName?: string | undefined;
      /** "Number on the payment" as staff typed it (checked by the contract: a Ghana mobile number). */
      recordedPayerNumber?: string | undefined;
      /** A submitted order: what arrived and its evidence, confirmed in the same transaction (docs/decisions/038). */
      confirmation?: TPaymentConfirmation | undefined;
      payout?: TPayoutFacts | undefined;
    }
  | { status: 'cancelled'; reason: string };

/**
 * submitted ("pending") -> completed or cancelled, once (decisions/013 D11, docs/decisions/014):
 * a conditional update with the payout reference or the reason the customer is told, the limit
 * released on cancel, the event, the status email and the audit entry, all in one transaction.
 * The compliance hold (docs/decisions/017) is read under the order's row lock and its numbers'
 * locks: a held order is not approved, and one under review (an escalated hold not released) is
 * not cancelled by staff either. Support, who may not see holds (`complianceHolds`), is refused with
 * ORDER_WAITING and a neutral message instead of ORDER_ON_HOLD / ORDER_UNDER_REVIEW.
 */
export async function decideOrder(deps: TOrderDeps, input: { actor: TActor; id: number; ip: string; decision: TDecision }): Promise<void> {
  const { decision } = input;
  // Support is refused a held order in words that reveal no review (issue 26 point 12).
  const seesHolds = canAccess(input.actor.role, 'complianceHolds');
  const waiting = () => new AppError('ORDER_WAITING', ORDER_MSG.waitingForManager);
  const decide = () =>
    deps.db.transaction(async (tx): Promise<'decided' | 'held'> => {
      const now = clock(deps);
      // FOR NO KEY UPDATE, not FOR UPDATE: deciding changes no key, and a stronger lock would block
      // the foreign-key check of an alert that another customer's "I have sent" writes naming this
      // order while it holds the number's lock this transaction waits for: a deadlock on PostgreSQL
      // (compliance.test.ts "never approves an order while another customer's ...").
      const [current] = await tx.select().from(orders).where(eq(orders.id, input.id)).for('no key update');
      if (!current) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
      // Approve: submitted (confirmed in the same step) or confirmed. Cancel: submitted only; money
      // that arrived is refunded, never just cancelled (issue 28 point 3).
      if (decision.status === 'cancelled' && isConfirmedStatus(current.status)) {
        throw new AppError('TRANSITION_NOT_ALLOWED', ORDER_MSG.cancelConfirmed);
      }
      if (!isStaffPendingStatus(current.status)) throw new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed);
      const payoutReference =
        decision.status === 'completed'
          ? current.type === 'buy'
            ? cleanTxHash(decision.payoutReference)
            : decision.payoutReference.trim()
          : null;
      const cancelReason = decision.status === 'cancelled' ? decision.reason.trim() : null;
      if (payoutReference !== null) checkPayoutReference(current, payoutReference);
      // One payout pays one order, for ever (docs/decisions/036): checked before anything is kept.
      const payoutReferenceKey = payoutReference === null ? null : payoutReferenceKeyOf(current.type, payoutReference);
      if (payoutReferenceKey !== null && (await isReferenceTaken(tx, payoutReferenceKey, current.id))) throw payoutReferenceUsed();
      // The number staff saw on the payment, in the shared-number rule's form (0XXXXXXXXX).
      const recordedPayerNumber =
        decision.status === 'completed' && decision.recordedPayerNumber?.trim() ? canonicalPhone(decision.recordedPayerNumber) : null;
      const holdFacts = { ...current, recordedPayerNumber: recordedPayerNumber ?? current.recordedPayerNumber };
      // The order's numbers are locked before its hold is read: a shared-number rule evaluated at the
      // same time (another customer's "I have paid") either finished and is seen, or waits for this.
      await lockNumbers(tx, numbersOf(holdFacts));
      if (decision.status === 'cancelled' && (await isOrderUnderReview(tx, holdFacts))) {
        throw seesHolds ? new AppError('ORDER_UNDER_REVIEW', COMPLIANCE_MSG.underReview) : waiting();
      }
      // The customer's row, read once: whether the account may be paid, their name, the email.
      let customer: typeof users.$inferSelect | undefined;
      if (decision.status === 'completed') {
        // Claim, then pay (docs/decisions/029): a closed or banned account's order is not paid out;
        // an order not held is approved only by its live claimant, before anything they typed is
        // kept. A held one is refused below as before, whoever asks.
        customer = firstOrThrow(await tx.select().from(users).where(eq(users.id, current.userId)));
        refuseBlockedCustomer(customer);
        const isHeld = await isOrderHeld(tx, current);
        if (!isHeld && !(current.claimedBy === input.actor.id && hasLiveClaim(current, now))) {
          throw current.claimedBy && hasLiveClaim(current, now)
            ? await claimedByOther(tx, current.claimedBy)
            : new AppError('ORDER_NOT_CLAIMED', ORDER_MSG.notClaimed);
        }
        // The name and number on the payment, as staff saw them, and the name-mismatch and
        // shared-number rules; then the compliance hold (docs/decisions/017). A held order stays
        // submitted: what staff recorded and any new alert are kept (committed), the approval is
        // refused below.
        const recordedPayerName = decision.recordedPayerName?.trim();
        if (recordedPayerName) {
          await tx.update(orders).set({ recordedPayerName }).where(eq(orders.id, current.id));
          await checkRecordedPayerName(tx, current, recordedPayerName, customer.fullName || customer.name, now);
        }
        if (recordedPayerNumber) {
          await tx.update(orders).set({ recordedPayerNumber }).where(eq(orders.id, current.id));
          await checkSharedNumber(tx, recordedPayerNumber, now, current);
        }
        // Read again only when what staff recorded may have raised an alert; else the answer above stands.
        if (recordedPayerName || recordedPayerNumber ? await isOrderHeld(tx, holdFacts) : isHeld) return 'held';
      }
      // Evidence on every decision (issue 28 point 2, docs/decisions/038): what arrived is confirmed
      // (here, or before by someone else: two people above the setting), then the payout's facts
      // and entries are prepared; nothing is kept if any of it is refused.
      let order = current;
      let prepared: TPreparedPayout | null = null;
      const confirmed: { entries: TEntryInput[]; events: TTransitionEvent[] } = { entries: [], events: [] };
      if (decision.status === 'completed') {
        if (isSubmittedStatus(current.status)) {
          if (!decision.confirmation) throw new AppError('CONFIRMATION_REQUIRED', ORDER_MSG.confirmationRequired);
          await checkTwoPeople(tx, current, input.actor, true);
          order = await applyConfirmation(tx, deps, current, input.actor, decision.confirmation, now, confirmed);
        } else {
          await checkTwoPeople(tx, current, input.actor, false);
        }
        await refuseWhileAutoPayout(tx, current);
        prepared = await preparePayout(tx, order, decision.payout ?? {});
      }
      const [row] = await tx
        .update(orders)
        .set({
          status: decision.status,
          decidedAt: now,
          decidedBy: input.actor.id,
          payoutReference,
          payoutReferenceKey,
          cancelReason,
          claimedBy: null,
          claimedAt: null,
          claimExpiresAt: null,
          ...(prepared?.columns ?? {}),
          ...(prepared?.columns.refundAmount ? { refundedAt: now } : {}),
        })
        .where(and(eq(orders.id, input.id), eq(orders.status, order.status)))
        .returning();
      if (!row) throw new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed);
      const from = order.status;
      const user = customer ?? (await releaseVolume(tx, row, now));
      const details: Record<string, string> = {};
      if (payoutReference) details.payoutReference = payoutReference;
      if (cancelReason) details.reason = cancelReason;
      await recordTransition(
        tx,
        deps,
        { order: row, actor: { id: input.actor.id, kind: 'staff' }, from, to: decision.status, details, at: now },
        confirmed.events,
      );
      if (prepared) await writeEntries(tx, row, prepared.entries, input.actor.id, now, confirmed.entries);
      await queueStatusMessages(tx, deps, {
        user,
        order: row,
        status: decision.status,
        // An over payment completed for the amount ordered: the difference went back.
        refund:
          row.refundAmount && row.refundReference
            ? {
                amount: formatReceived(row, row.refundAmount),
                where: refundDestination(row),
                reference: row.refundReference,
                reason: ORDER_MSG.differenceRefunded,
              }
            : null,
      });
      await writeAudit(tx, {
        actor: input.actor,
        action: decision.status === 'completed' ? 'order.approve' : 'order.cancel',
        targetType: 'order',
        targetId: row.id,
        before: { status: from },
        after: { status: decision.status, ...details, ...(prepared ? payoutAudit(row) : {}) },
        ip: input.ip,
      });
      return 'decided';
    });
  // Two approvals of two orders with one payout reference at once: the unique index decides.
  const outcome = await decide().catch((error: unknown) => {
    if (isRefundReferenceConflict(error)) throw new AppError('REFUND_REFERENCE_USED', ORDER_MSG.refundReferenceUsed);
    throw isUniqueViolation(error, 'orders_payout_reference_key_unique') ? payoutReferenceUsed() : error;
  });
  if (outcome === 'held') throw seesHolds ? new AppError('ORDER_ON_HOLD', COMPLIANCE_MSG.onHold) : waiting();
  deps.onEmailQueued();
}
