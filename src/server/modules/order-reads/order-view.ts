/*
 * How an order row reads in the API (the customer's TOrder, the staff TAdminOrder, the timeline):
 * a neutral module below orders, compliance, users and the dashboard, so that reading an order
 * never imports the orders module (issue 29, docs/decisions/041).
 */
import { refundDestination, type TAdminOrder, type TAdminOrderEvent, type TOrder, type TOrderEvent } from '#shared/contracts/orders.js';
import { calculateUnitPriceFiat } from '#shared/money.js';
import { canAccess, type TRole } from '#shared/permissions.js';
import { desc, eq } from 'drizzle-orm';
import { Dec } from '#shared/money.js';
import type { TDbOrTx } from '#server/db/client.js';
import { chainDeposits, chainNetworks } from '#server/db/schema/chain.js';
import type { orderEvents, orders } from '#server/db/schema/orders.js';

export type TOrderRow = typeof orders.$inferSelect;
export type TOrderEventRow = typeof orderEvents.$inferSelect;

/** An order as its customer sees it (the API's TOrder). */
export function toOrder(row: TOrderRow): TOrder {
  return {
    id: row.id,
    type: row.type,
    coinSymbol: row.coinSymbol,
    amountCrypto: row.amountCrypto,
    amountFiat: row.amountFiat,
    fiatCurrency: row.fiatCurrency,
    amountUsd: row.amountUsd,
    amountGhs: row.amountGhs,
    unitPriceUsd: row.unitPriceUsd,
    ghsRate: row.ghsRate,
    // From the stored price and rate exactly as the quote computed it (the quote locked the rate at the column's scale).
    unitPriceFiat: calculateUnitPriceFiat(row.unitPriceUsd, row.ghsRate, row.fiatCurrency),
    paymentMethod: row.paymentMethod,
    payTo: row.payTo ?? null,
    depositTo:
      row.type === 'sell' && row.depositAddress && row.network
        ? { network: row.network, address: row.depositAddress, tag: row.depositTag, perOrder: row.depositKeyId !== null }
        : null,
    hasProof: row.proofKey !== null,
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
    refund:
      row.refundAmount && row.refundReference
        ? {
            amount: row.refundAmount,
            reference: row.refundReference,
            reason: row.refundReason,
            at: row.refundedAt?.toISOString() ?? null,
            destination: refundDestination(row),
          }
        : null,
  };
}

export type TAdminOrderRow = {
  order: TOrderRow;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  /** A 'hold' alert holds the order (modules/compliance/rules.ts orderOnHold). */
  complianceHold: boolean;
  /** The claimant's name when the order is claimed (docs/decisions/029). */
  claimantName?: string | null;
  customerBanned?: boolean;
  customerClosedAt?: Date | null;
};

export function toAdminOrder(row: TAdminOrderRow): TAdminOrder {
  return {
    ...toOrder(row.order),
    userId: row.order.userId,
    depositDerivation:
      row.order.depositKeyId !== null && row.order.depositIndex !== null
        ? { keyId: row.order.depositKeyId, index: row.order.depositIndex }
        : null,
    autoPayoutNote: row.order.autoPayoutNote,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    recordedPayerName: row.order.recordedPayerName,
    recordedPayerNumber: row.order.recordedPayerNumber,
    complianceHold: row.complianceHold,
    claim:
      row.order.claimedBy && row.order.claimedAt && row.order.claimExpiresAt
        ? {
            staffId: row.order.claimedBy,
            staffName: row.claimantName ?? 'Staff',
            claimedAt: row.order.claimedAt.toISOString(),
            expiresAt: row.order.claimExpiresAt.toISOString(),
          }
        : null,
    customerAccount: row.customerClosedAt ? 'closed' : row.customerBanned ? 'banned' : 'active',
    feePercentage: row.order.feePercentage,
    feeGhs: row.order.feeGhs,
    confirmation:
      row.order.receivedAmount && row.order.receivedAccount && row.order.receivedAt && row.order.evidenceKind && row.order.confirmedAt
        ? {
            amountReceived: row.order.receivedAmount,
            account: row.order.receivedAccount,
            receivedAt: row.order.receivedAt.toISOString(),
            evidenceKind: row.order.evidenceKind,
            evidence: row.order.evidence ?? '',
            confirmedBy: row.order.confirmedBy,
            confirmedAt: row.order.confirmedAt.toISOString(),
          }
        : null,
    payoutFacts:
      row.order.paidFromAccount && row.order.amountSent
        ? { account: row.order.paidFromAccount, amountSent: row.order.amountSent, fee: row.order.payoutFee ?? '0' }
        : null,
    refundFacts: row.order.refundAccount ? { account: row.order.refundAccount, fee: row.order.refundFee } : null,
  };
}

/**
 * An order as a staff role may see it (issue 26 point 12): without `complianceHold` for a role
 * without the `complianceHolds` area (support), to whom a held order is any waiting order. Applied
 * to every staff answer that carries an order, after any cache shared between roles.
 */
export function forStaffRole<T extends TAdminOrder>(order: T, role: TRole | undefined): T {
  if (canAccess(role, 'complianceHolds')) return order;
  const { complianceHold: _hidden, ...rest } = order;
  return rest as T;
}

/** One timeline step for the customer: who acted only as customer, staff or system. */
export function toOrderEvent(row: TOrderEventRow): TOrderEvent {
  return {
    at: row.createdAt.toISOString(),
    from: row.fromStatus,
    to: row.toStatus,
    actor: row.actorKind,
    paymentTxId: row.details?.paymentTxId ?? null,
    previousPaymentTxId: row.details?.previousPaymentTxId ?? null,
    payoutReference: row.details?.payoutReference ?? null,
    reason: row.details?.reason ?? null,
  };
}

/** One timeline step for staff: with the staff member's name. */
export function toAdminOrderEvent(row: TOrderEventRow, staffName: string | null): TAdminOrderEvent {
  return { ...toOrderEvent(row), staffName: row.actorKind === 'staff' ? staffName : null };
}

/**
 * The transfer a chain watcher saw to a sell's own address (docs/decisions/058): the last one that
 * moved the order, with its confirmations and the network's required number; null when none.
 */
export async function readChainDeposit(db: TDbOrTx, orderId: number): Promise<(TOrder['chainDeposit'] & object) | null> {
  const [row] = await db
    .select({ deposit: chainDeposits, required: chainNetworks.requiredConfirmations })
    .from(chainDeposits)
    .leftJoin(chainNetworks, eq(chainNetworks.network, chainDeposits.network))
    .where(eq(chainDeposits.orderId, orderId))
    .orderBy(desc(chainDeposits.id))
    .limit(1);
  if (!row) return null;
  const { deposit } = row;
  return {
    txHash: deposit.txHash,
    amount: new Dec(deposit.amount).toFixed(),
    confirmations: deposit.confirmations,
    required: row.required ?? deposit.confirmations,
    status: deposit.status,
  };
}
