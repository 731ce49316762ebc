import { and, eq, inArray } from 'drizzle-orm';
import {
  confirmedStatusOf,
  isConfirmedStatus,
  isSubmittedStatus,
  ORDER_MSG,
  refundDestination,
  type TOrderStatus,
  type TPaymentConfirmation,
  type TPayoutFacts,
  type TRefundOrderRequest,
} from '#shared/contracts/orders.js';
import { CHAINS, cleanTxHash, isValidTxHash, networkOfOrder, walletNetworkOfOrder } from '#shared/networks.js';
import { isTransactionId, payoutReferenceKeyOf } from '#shared/transaction-id.js';
import { Dec, roundCrypto, roundFiat } from '#shared/money.js';
import { formatCrypto, formatGhs } from '#shared/format.js';
import { canAccess } from '#shared/permissions.js';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import type { TTx } from '#server/db/client.js';
import { paymentMethods, settings } from '#server/db/schema/app.js';
import { momoPayments } from '#server/db/schema/momo.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
/* eslint-disable import-x/no-restricted-paths -- orders still calls compliance's checks inside its transactions until they subscribe to the order-events step (docs/decisions/042) */
import { isOrderUnderReview, lockNumbers, numbersOf } from '#server/modules/compliance/rules.js';
/* eslint-enable import-x/no-restricted-paths */
import { postEntries, postEntry, type TAccountSpec, type TEntryInput, type TPostingInput } from '#server/modules/ledger/service.js';
import {
  buyPayoutPostings,
  CEDIS,
  chargePostings,
  customerAccount,
  paymentMethodAccount,
  paymentReceivedPostings,
  refundPostings,
  sellPayoutPostings,
  walletAccount,
} from '#server/modules/ledger/order-entries.js';
import type { TActor } from '#server/plugins/access.js';
import type { TOrderDeps } from './deps.js';
import type { TOrderRow } from '#server/modules/order-reads/order-view.js';
import { claimedByOther, hasLiveClaim } from './claims.js';
import {
  checkTransition,
  clock,
  isReferenceTaken,
  queueStatusMessages,
  recordTransition,
  releaseVolume,
  type TTransitionEvent,
} from './transitions.js';

/**
 * Evidence on every decision, payouts with their facts, refunds (issue 28 points 2–4,
 * docs/decisions/038): what staff confirm arrived, what left and from where, each with its ledger
 * entry, in the transaction of the order's transition.
 */

type TStaffOrSystem = TActor | 'system';

const fieldError = (field: string, message: string) => new AppError('VALIDATION', message, { fields: { [field]: message } });

/** The cedis of an order: paid (buy) or paid out (sell). Orders before the lifecycle keep them in their fiat amount. */
export function orderCedis(order: Pick<TOrderRow, 'amountGhs' | 'amountFiat' | 'fiatCurrency' | 'amountUsd' | 'ghsRate'>): string {
  if (order.amountGhs) return order.amountGhs;
  return order.fiatCurrency === 'GHS' ? order.amountFiat : roundFiat(new Dec(order.amountUsd).times(order.ghsRate));
}

/** What arrives and what is settled: cedis for a buy, the coin for a sell. */
function receivedAsset(order: Pick<TOrderRow, 'type' | 'coinSymbol'>): string {
  return order.type === 'buy' ? CEDIS : order.coinSymbol.toUpperCase();
}

function expectedReceipt(order: TOrderRow): string {
  return order.type === 'buy' ? orderCedis(order) : order.amountCrypto;
}

/** An amount of what arrived: cedis for a buy, the coin for a sell. */
export function formatReceived(order: Pick<TOrderRow, 'type' | 'coinSymbol'>, amount: string): string {
  return formatAsset(order, amount, 'received');
}

function formatAsset(order: Pick<TOrderRow, 'type' | 'coinSymbol'>, amount: string, asset: 'received' | 'other'): string {
  const cedis = (order.type === 'buy') === (asset === 'received');
  return cedis ? formatGhs(amount) : formatCrypto(amount, order.coinSymbol.toUpperCase());
}

/** The wallet of the order's coin on its network (an older order without one: the coin's first network). */
function orderWallet(order: Pick<TOrderRow, 'coinSymbol' | 'network'>): TAccountSpec {
  const network = walletNetworkOfOrder(order) ?? order.network ?? 'unknown';
  return walletAccount(order.coinSymbol, network);
}

/** A business payment method as its ledger account, or a field error naming `field`. */
async function businessAccount(tx: TTx, id: number | null | undefined, field: string, missing: string): Promise<TAccountSpec> {
  if (id === null || id === undefined) throw fieldError(field, missing);
  const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  if (!method) throw fieldError(field, ORDER_MSG.accountUnknown);
  return paymentMethodAccount(method);
}

function checkDecimals(order: TOrderRow, amount: string, asset: 'received' | 'other', field: string): void {
  const cedis = (order.type === 'buy') === (asset === 'received');
  if (cedis && new Dec(amount).decimalPlaces() > 2) throw fieldError(field, ORDER_MSG.cedisDecimals);
}

async function twoPeopleAboveGhs(tx: TTx): Promise<string> {
  const [row] = await tx.select({ value: settings.twoPeopleAboveGhs }).from(settings).where(eq(settings.id, 1));
  return row?.value ?? '5000';
}

/**
 * Two people above the setting (issue 28 point 2): who confirmed the payment does not pay it out or
 * refund it, and an order above it is not confirmed and paid out by one request.
 */
export async function checkTwoPeople(tx: TTx, order: TOrderRow, actor: TActor, oneStep: boolean): Promise<void> {
  const threshold = await twoPeopleAboveGhs(tx);
  if (new Dec(orderCedis(order)).lte(threshold)) return;
  if (oneStep) throw new AppError('TWO_PEOPLE_REQUIRED', ORDER_MSG.twoPeopleRequired(formatGhs(threshold)));
  if (order.confirmedBy === actor.id) throw new AppError('TWO_PEOPLE_REQUIRED', ORDER_MSG.twoPeopleOwnConfirmation(formatGhs(threshold)));
}

/**
 * Records what arrived on a submitted order (locked by the caller): submitted -> confirmed with the
 * evidence, its event and its payment_received entry. Returns the confirmed row. `then`: the
 * payout or refund follows in the same transaction: the entry joins theirs (one write of the
 * ledger, postEntries) and the realtime notice is theirs.
 */
export async function applyConfirmation(
  tx: TTx,
  deps: Pick<TOrderDeps, 'events'>,
  order: TOrderRow,
  actor: TStaffOrSystem,
  confirmation: TPaymentConfirmation,
  now: Date,
  then?: { entries: TEntryInput[]; events: TTransitionEvent[] },
): Promise<TOrderRow> {
  if (!isSubmittedStatus(order.status)) throw new AppError('ORDER_NOT_CONFIRMABLE', ORDER_MSG.notConfirmable);
  const amount = new Dec(confirmation.amountReceived).toFixed();
  checkDecimals(order, amount, 'received', 'amountReceived');
  const receivedAt = confirmation.receivedAt ? new Date(confirmation.receivedAt) : now;
  // A few minutes of clock difference between the evidence and the server are not a mistake.
  if (receivedAt.getTime() > now.getTime() + 5 * 60_000) throw fieldError('receivedAt', ORDER_MSG.receivedAtFuture);
  const into =
    order.type === 'buy'
      ? await businessAccount(tx, confirmation.receivedInto ?? order.paymentMethodId, 'receivedInto', ORDER_MSG.receivedIntoRequired)
      : orderWallet(order);
  const to = confirmedStatusOf(order.type);
  const staffId = actor === 'system' ? null : actor.id;
  const [row] = await tx
    .update(orders)
    .set({
      status: to,
      receivedAmount: amount,
      receivedAccount: into.code,
      receivedAt,
      evidenceKind: confirmation.evidenceKind,
      evidence: confirmation.evidence.trim(),
      confirmedBy: staffId,
      confirmedAt: now,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!row) throw new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed);
  const event: TTransitionEvent = {
    order: row,
    actor: actor === 'system' ? 'system' : { id: actor.id, kind: 'staff' },
    from: order.status,
    to,
    details: { amountReceived: amount, evidence: `${confirmation.evidenceKind}: ${confirmation.evidence.trim()}` },
    at: now,
  };
  // Followed by a payout or refund: its event goes in with theirs, one insert (recordTransition's `earlier`).
  if (then) {
    checkTransition(event);
    then.events.push(event);
  } else {
    await recordTransition(tx, deps, event);
  }
  const entry: TEntryInput = {
    kind: 'payment_received',
    orderId: row.id,
    memo: `Order #${row.id}: ${confirmation.evidenceKind}: ${confirmation.evidence.trim()}`.slice(0, 500),
    createdBy: staffId,
    at: now,
    postings: paymentReceivedPostings({ into, customer: customerAccount(row.userId, receivedAsset(row)), amount }),
  };
  if (then) then.entries.push(entry);
  else await postEntry(tx, entry);
  return row;
}

/**
 * A refund's reference on its rail: a buy's cedis go back by MoMo or bank (letters and digits), a
 * sell's coins by a transaction on the order's network. Claimed for ever like a payout reference.
 */
async function claimRefundReference(tx: TTx, order: TOrderRow, raw: string, field: string): Promise<{ reference: string; key: string }> {
  const reference = order.type === 'sell' ? cleanTxHash(raw) : raw.trim();
  if (order.type === 'buy') {
    if (!isTransactionId(reference)) throw fieldError(field, ORDER_MSG.txIdFormat);
  } else {
    const network = networkOfOrder(order);
    if (network && !isValidTxHash(network, reference)) throw fieldError(field, ORDER_MSG.payoutHashFormat(CHAINS[network].label));
  }
  // The refund travels the other way: a buy's like a sell's payout, a sell's like a buy's.
  const key = payoutReferenceKeyOf(order.type === 'buy' ? 'sell' : 'buy', reference);
  if (!key) throw fieldError(field, ORDER_MSG.txIdFormat);
  // Nor this order's own payment: a refund is a new transfer, never the customer's.
  if (key === order.paymentTxKey || (await isReferenceTaken(tx, key, order.id))) {
    throw new AppError('REFUND_REFERENCE_USED', ORDER_MSG.refundReferenceUsed, { fields: { [field]: ORDER_MSG.refundReferenceUsed } });
  }
  return { reference, key };
}

/** True when a database error is a second order with the same refund reference key. */
export function isRefundReferenceConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'orders_refund_reference_key_unique');
}

/** The payout of a confirmed order as it will be written: the order's new columns and its entries. */
export type TPreparedPayout = {
  columns: Partial<typeof orders.$inferInsert>;
  entries: { kind: 'payout_sent' | 'network_fee' | 'momo_fee' | 'refund_sent'; postings: TPostingInput[] }[];
};

/**
 * What a confirmed order pays out (issue 28 point 2): the amount received settles the order for
 * what was ordered, or, when it differs, as staff chose: for the amount received at the locked
 * price, or (paid too much) for the amount ordered with the difference refunded. The server
 * computes what is due; a figure staff typed that differs is refused, never kept.
 */
export async function preparePayout(tx: TTx, order: TOrderRow, facts: TPayoutFacts): Promise<TPreparedPayout> {
  if (!isConfirmedStatus(order.status) || order.receivedAmount === null || order.receivedAccount === null) {
    throw new AppError('CONFIRMATION_REQUIRED', ORDER_MSG.confirmationRequired);
  }
  const received = new Dec(order.receivedAmount);
  const expected = new Dec(expectedReceipt(order));
  const fee = new Dec(order.feeGhs ?? '0');
  let settledShare = new Dec(1);
  let settledReceived = expected;
  let difference = new Dec(0);
  if (!received.eq(expected)) {
    if (!facts.settle) {
      const message = ORDER_MSG.settleRequired(
        formatAsset(order, received.toFixed(), 'received'),
        formatAsset(order, expected.toFixed(), 'received'),
      );
      throw new AppError('SETTLE_REQUIRED', message, { fields: { settle: message } });
    }
    if (facts.settle === 'received') {
      settledShare = received.div(expected);
      settledReceived = received;
    } else {
      if (received.lte(expected)) throw fieldError('settle', ORDER_MSG.settleOrderedNeedsOverpayment);
      difference = received.minus(expected);
    }
  }
  const feeCedis = roundFiat(fee.times(settledShare));
  // The other asset at the locked price, rounded down: never more than the money received buys.
  const due =
    order.type === 'buy'
      ? roundCrypto(new Dec(order.amountCrypto).times(settledShare), 'down')
      : roundFiat(new Dec(orderCedis(order)).times(settledShare), 'down');
  if (new Dec(due).lte(0)) throw fieldError('settle', ORDER_MSG.amountSentMismatch(formatAsset(order, due, 'other')));
  if (facts.amountSent !== undefined && !new Dec(facts.amountSent).eq(due)) {
    throw fieldError('amountSent', ORDER_MSG.amountSentMismatch(formatAsset(order, due, 'other')));
  }
  const from =
    order.type === 'buy' ? orderWallet(order) : await businessAccount(tx, facts.paidFrom, 'paidFrom', ORDER_MSG.paidFromRequired);
  const charge = new Dec(facts.payoutFee ?? '0');
  checkDecimals(order, charge.toFixed(), 'other', 'payoutFee');
  const entries: TPreparedPayout['entries'] = [
    {
      kind: 'payout_sent',
      postings:
        order.type === 'buy'
          ? buyPayoutPostings({
              userId: order.userId,
              coinSymbol: order.coinSymbol,
              wallet: from,
              settledCedis: settledReceived.toFixed(),
              feeCedis,
              coinsSent: due,
            })
          : sellPayoutPostings({
              userId: order.userId,
              coinSymbol: order.coinSymbol,
              paidFrom: from,
              settledCoins: settledReceived.toFixed(),
              cedisSent: due,
              feeCedis,
            }),
    },
  ];
  if (!charge.isZero())
    entries.push({ kind: order.type === 'buy' ? 'network_fee' : 'momo_fee', postings: chargePostings({ from, amount: charge.toFixed() }) });
  const columns: TPreparedPayout['columns'] = { paidFromAccount: from.code, amountSent: due, payoutFee: charge.toFixed() };
  if (!difference.isZero()) {
    if (!facts.differenceRefundReference) throw fieldError('differenceRefundReference', ORDER_MSG.differenceRefundRequired);
    const { reference, key } = await claimRefundReference(tx, order, facts.differenceRefundReference, 'differenceRefundReference');
    const back = await accountOfCode(tx, order);
    entries.push({
      kind: 'refund_sent',
      postings: refundPostings({ from: back, customer: customerAccount(order.userId, receivedAsset(order)), amount: difference.toFixed() }),
    });
    Object.assign(columns, {
      refundAmount: difference.toFixed(),
      refundAccount: back.code,
      refundReference: reference,
      refundReferenceKey: key,
    });
  }
  return { columns, entries };
}

/** The account the order's money arrived in, as a spec (a payment method's, or the order's wallet). */
async function accountOfCode(tx: TTx, order: TOrderRow): Promise<TAccountSpec> {
  if (order.type === 'sell') return orderWallet(order);
  const id = Number(order.receivedAccount?.split(':')[2]);
  return businessAccount(tx, Number.isInteger(id) ? id : null, 'refundFrom', ORDER_MSG.receivedIntoRequired);
}

/** The decision's entries, after any confirmation's of the same step, in one write (postEntries). */
export async function writeEntries(
  tx: TTx,
  order: TOrderRow,
  prepared: TPreparedPayout['entries'],
  actorId: string | null,
  at: Date,
  before: TEntryInput[] = [],
) {
  await postEntries(tx, [
    ...before,
    ...prepared.map((entry) => ({
      kind: entry.kind,
      orderId: order.id,
      memo: `Order #${order.id}`,
      createdBy: actorId,
      at,
      postings: entry.postings,
    })),
  ]);
}

/**
 * Staff confirm what arrived on a submitted order (issue 28 point 2): any staff member who decides
 * orders, claim or not (it moves no money); a held order too (it is a fact). Audited.
 */
export async function confirmPayment(
  deps: TOrderDeps,
  input: { actor: TStaffOrSystem; id: number; ip: string | null; confirmation: TPaymentConfirmation },
): Promise<TOrderRow> {
  return deps.db.transaction(async (tx) => {
    const now = clock(deps);
    const [current] = await tx.select().from(orders).where(eq(orders.id, input.id)).for('no key update');
    if (!current) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
    if (!isSubmittedStatus(current.status)) {
      throw isConfirmedStatus(current.status)
        ? new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed)
        : new AppError('ORDER_NOT_CONFIRMABLE', ORDER_MSG.notConfirmable);
    }
    const row = await applyConfirmation(tx, deps, current, input.actor, input.confirmation, now);
    if (input.actor !== 'system') {
      await writeAudit(tx, {
        actor: input.actor,
        action: 'order.confirm_payment',
        targetType: 'order',
        targetId: row.id,
        before: { status: current.status },
        after: {
          status: row.status,
          receivedAmount: row.receivedAmount,
          receivedAccount: row.receivedAccount,
          receivedAt: row.receivedAt?.toISOString() ?? null,
          evidenceKind: row.evidenceKind,
          evidence: row.evidence,
        },
        ip: input.ip ?? undefined,
      });
    }
    return row;
  });
}

/**
 * A refund (issue 28 point 3): what arrived goes back, all of it. Like a payout: the live
 * claimant only, two people above the setting, not while a review holds the order; the order's
 * own state (refunded) with the reference, amount, account and the reason the customer is told;
 * the limit released; the refund_sent entry; email and SMS say what and where. A submitted order
 * is confirmed first in the same transaction when the request carries the confirmation.
 */
export async function refundOrder(deps: TOrderDeps, input: { actor: TActor; id: number; ip: string; refund: TRefundOrderRequest }) {
  const { refund, actor } = input;
  const seesHolds = canAccess(actor.role, 'complianceHolds');
  const refunded = async () =>
    deps.db.transaction(async (tx) => {
      const now = clock(deps);
      const [current] = await tx.select().from(orders).where(eq(orders.id, input.id)).for('no key update');
      if (!current) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
      if (!isSubmittedStatus(current.status) && !isConfirmedStatus(current.status)) {
        throw new AppError('ORDER_NOT_REFUNDABLE', ORDER_MSG.notRefundable);
      }
      if (!(current.claimedBy === actor.id && hasLiveClaim(current, now))) {
        throw current.claimedBy && hasLiveClaim(current, now)
          ? await claimedByOther(tx, current.claimedBy)
          : new AppError('ORDER_NOT_CLAIMED', ORDER_MSG.notClaimed);
      }
      await lockNumbers(tx, numbersOf(current));
      if (await isOrderUnderReview(tx, current)) {
        throw seesHolds
          ? new AppError('ORDER_UNDER_REVIEW', COMPLIANCE_MSG.underReview)
          : new AppError('ORDER_WAITING', ORDER_MSG.waitingForManager);
      }
      await refuseWhileAutoPayout(tx, current);
      let order = current;
      const confirmed: { entries: TEntryInput[]; events: TTransitionEvent[] } = { entries: [], events: [] };
      if (isSubmittedStatus(current.status)) {
        if (!refund.confirmation) throw new AppError('CONFIRMATION_REQUIRED', ORDER_MSG.confirmationRequired);
        await checkTwoPeople(tx, current, actor, true);
        order = await applyConfirmation(tx, deps, current, actor, refund.confirmation, now, confirmed);
      } else {
        await checkTwoPeople(tx, current, actor, false);
      }
      const { reference, key } = await claimRefundReference(tx, order, refund.reference, 'reference');
      const from =
        order.type === 'buy'
          ? refund.refundFrom !== undefined
            ? await businessAccount(tx, refund.refundFrom, 'refundFrom', ORDER_MSG.receivedIntoRequired)
            : await accountOfCode(tx, order)
          : orderWallet(order);
      const charge = new Dec(refund.refundFee ?? '0');
      checkDecimals(order, charge.toFixed(), 'received', 'refundFee');
      const amount = order.receivedAmount as string;
      const reason = refund.reason.trim();
      const [row] = await tx
        .update(orders)
        .set({
          status: 'refunded',
          decidedAt: now,
          decidedBy: actor.id,
          refundAmount: amount,
          refundAccount: from.code,
          refundReference: reference,
          refundReferenceKey: key,
          refundFee: charge.toFixed(),
          refundReason: reason,
          refundedAt: now,
          claimedBy: null,
          claimedAt: null,
          claimExpiresAt: null,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
        .returning();
      if (!row) throw new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed);
      const user = await releaseVolume(tx, row, now);
      await recordTransition(
        tx,
        deps,
        {
          order: row,
          actor: { id: actor.id, kind: 'staff' },
          from: order.status as TOrderStatus,
          to: 'refunded',
          details: { refundReference: reference, reason, refundAmount: amount },
          at: now,
        },
        confirmed.events,
      );
      const entries: TPreparedPayout['entries'] = [
        { kind: 'refund_sent', postings: refundPostings({ from, customer: customerAccount(row.userId, receivedAsset(row)), amount }) },
      ];
      if (!charge.isZero())
        entries.push({
          kind: row.type === 'buy' ? 'momo_fee' : 'network_fee',
          postings: chargePostings({ from, amount: charge.toFixed() }),
        });
      await writeEntries(tx, row, entries, actor.id, now, confirmed.entries);
      await queueStatusMessages(tx, deps, {
        user,
        order: row,
        status: 'refunded',
        refund: { amount: formatAsset(row, amount, 'received'), where: refundDestination(row), reference, reason },
      });
      await writeAudit(tx, {
        actor,
        action: 'order.refund',
        targetType: 'order',
        targetId: row.id,
        before: { status: order.status },
        after: { status: 'refunded', refundAmount: amount, refundAccount: from.code, refundReference: reference, reason },
        ip: input.ip,
      });
      return row;
    });
  const row = await refunded().catch((error: unknown) => {
    throw isRefundReferenceConflict(error) ? new AppError('REFUND_REFERENCE_USED', ORDER_MSG.refundReferenceUsed) : error;
  });
  deps.onEmailQueued();
  return row;
}

/**
 * Refuses a staff payout or refund of a sell the auto-payout policy is paying out, or has paid
 * (docs/decisions/061): the cedis must never leave twice. A failed automatic payout does not stop staff.
 */
export async function refuseWhileAutoPayout(tx: TTx, order: Pick<TOrderRow, 'id' | 'type' | 'autoPayoutNote'>): Promise<void> {
  // The policy writes its note on every sell it decided (docs/decisions/061): without one there is
  // no automatic payout, and no statement is spent on looking (the policy is off by default).
  if (order.type !== 'sell' || order.autoPayoutNote === null) return;
  const [payout] = await tx
    .select({ id: momoPayments.id })
    .from(momoPayments)
    .where(and(eq(momoPayments.orderId, order.id), eq(momoPayments.kind, 'payout'), inArray(momoPayments.state, ['pending', 'successful'])))
    .limit(1);
  if (payout) throw new AppError('AUTO_PAYOUT_UNDER_WAY', ORDER_MSG.autoPayoutUnderWay);
}
