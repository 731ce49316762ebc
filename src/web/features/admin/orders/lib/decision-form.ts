import { z } from 'zod';
import {
  EVIDENCE_KINDS,
  isSubmittedStatus,
  ORDER_MSG,
  SETTLE_MODES,
  ZCancelOrderRequest,
  ZChargeAmount,
  ZMobileNumber,
  ZMovedAmount,
  ZPaymentConfirmation,
  type TAdminOrder,
  type TApproveOrderRequest,
  type TOrder,
  type TPaymentConfirmation,
  type TPayoutFacts,
  type TRefundOrderRequest,
} from '#shared/contracts/orders.js';
import { formatCrypto, formatGhs } from '#shared/format.js';
import { Dec, roundCrypto, roundFiat } from '#shared/money.js';
import { isValidTxHash, networkLabel, networkOfOrder, networksOf, type TNetworkId } from '#shared/networks.js';
import { isTransactionId } from '#shared/transaction-id.js';

type TDecisionOrder = Pick<TOrder, 'type' | 'coinSymbol' | 'network'>;
/** What the money forms read of the order: its amounts, status and what was confirmed already. */
export type TMoneyOrder = TDecisionOrder &
  Pick<TAdminOrder, 'status' | 'amountCrypto' | 'amountFiat' | 'fiatCurrency' | 'amountUsd' | 'amountGhs' | 'ghsRate' | 'confirmation'> & {
    depositTo?: TOrder['depositTo'];
  };

/**
 * The networks a buy's payout hash may belong to: the order's own (USDT) or the coin's only one;
 * an older USDT buy without a network: any of the coin's (the server's rule). None for a sell,
 * which is paid out by MoMo or bank.
 */
export function payoutNetworksOf(order: TDecisionOrder): readonly TNetworkId[] {
  if (order.type === 'sell') return [];
  const network = networkOfOrder(order);
  return network ? [network] : networksOf(order.coinSymbol).map((entry) => entry.network);
}

/** What Approve asks for (docs/decisions/014): the outgoing transaction hash of a buy, the MoMo or bank reference of a sell's payout. */
export function payoutFieldLabel(order: Pick<TOrder, 'type'>): string {
  return order.type === 'buy' ? 'Payout transaction hash' : 'Payout reference';
}

/** The cedis of an order (src/server/modules/orders/settlement.ts orderCedis): older orders keep them in their fiat amount. */
export function orderCedis(order: Pick<TOrder, 'amountGhs' | 'amountFiat' | 'fiatCurrency' | 'amountUsd' | 'ghsRate'>): string {
  if (order.amountGhs) return order.amountGhs;
  return order.fiatCurrency === 'GHS' ? order.amountFiat : roundFiat(new Dec(order.amountUsd).times(order.ghsRate));
}

/** What arrives for the order: its cedis for a buy, its coins for a sell. */
export function expectedReceipt(order: TMoneyOrder): string {
  return order.type === 'buy' ? orderCedis(order) : order.amountCrypto;
}

/** An amount of what arrives: cedis for a buy, the coin for a sell. */
export function formatReceived(order: Pick<TOrder, 'type' | 'coinSymbol'>, amount: string): string {
  return order.type === 'buy' ? formatGhs(amount) : formatCrypto(amount, order.coinSymbol.toUpperCase());
}

/** An amount of what is paid out: the coin for a buy, cedis for a sell. */
export function formatSent(order: Pick<TOrder, 'type' | 'coinSymbol'>, amount: string): string {
  return order.type === 'buy' ? formatCrypto(amount, order.coinSymbol.toUpperCase()) : formatGhs(amount);
}

/** -1, 0 or 1: the amount received against the amount ordered; null while the amount is not a number. */
export function compareReceived(order: TMoneyOrder, received: string): -1 | 0 | 1 | null {
  const value = received.trim();
  if (!ZMovedAmount.safeParse(value).success) return null;
  if (order.type === 'buy' && new Dec(value).decimalPlaces() > 2) return null;
  return new Dec(value).comparedTo(expectedReceipt(order)) as -1 | 0 | 1;
}

/**
 * What the payout sends, as the server computes it (src/server/modules/orders/settlement.ts
 * preparePayout): the order's amount, or, completing for what arrived, its share at the locked
 * price rounded down. Null while the amount received or the choice is missing.
 */
export function amountDue(order: TMoneyOrder, received: string, settle: string): string | null {
  const comparison = compareReceived(order, received);
  if (comparison === null) return null;
  let share = new Dec(1);
  if (comparison !== 0) {
    if (settle === 'received') share = new Dec(received.trim()).div(expectedReceipt(order));
    else if (settle !== 'ordered') return null;
  }
  return order.type === 'buy'
    ? roundCrypto(new Dec(order.amountCrypto).times(share), 'down')
    : roundFiat(new Dec(orderCedis(order)).times(share), 'down');
}

/** A submitted order's money forms confirm what arrived with the decision (docs/decisions/038). */
export function needsConfirmation(order: Pick<TOrder, 'status'>): boolean {
  return isSubmittedStatus(order.status);
}

/** The "Payment received" fields, as the form holds them (strings; '' for "not given"). */
export type TConfirmationValues = {
  amountReceived: string;
  /** A buy's business payment method id; '' for the order's pay-to account. */
  receivedInto: string;
  /** A datetime-local value; '' for now. */
  receivedAt: string;
  evidenceKind: string;
  evidence: string;
};

export function confirmationDefaults(order: TMoneyOrder): TConfirmationValues {
  return {
    amountReceived: expectedReceipt(order),
    receivedInto: '',
    receivedAt: '',
    // A sell's coins arrive on chain; a buy's cedis show on the business account's statement.
    evidenceKind: order.type === 'sell' ? 'chain_transaction' : 'statement_line',
    evidence: '',
  };
}

type TContext = z.RefinementCtx;

const message = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message;

/** Checks the "Payment received" fields as the server does and gives the API's confirmation. */
function checkConfirmation(order: TMoneyOrder, values: TConfirmationValues, context: TContext, now: number) {
  const fail = (path: keyof TConfirmationValues, text: string) => context.addIssue({ code: 'custom', path: [path], message: text });
  const amount = ZMovedAmount.safeParse(values.amountReceived);
  if (!amount.success) fail('amountReceived', message(amount) ?? ORDER_MSG.movedAmountInvalid);
  else if (order.type === 'buy' && new Dec(amount.data).decimalPlaces() > 2) fail('amountReceived', ORDER_MSG.cedisDecimals);
  if (values.receivedAt) {
    const at = new Date(values.receivedAt).getTime();
    if (Number.isNaN(at)) fail('receivedAt', ORDER_MSG.receivedAtInvalid);
    // The server allows a few minutes of clock difference.
    else if (at > now + 5 * 60_000) fail('receivedAt', ORDER_MSG.receivedAtFuture);
  }
  if (!(EVIDENCE_KINDS as readonly string[]).includes(values.evidenceKind)) fail('evidenceKind', ORDER_MSG.evidenceKindRequired);
  const evidence = ZPaymentConfirmation.shape.evidence.safeParse(values.evidence);
  if (!evidence.success) fail('evidence', message(evidence) ?? ORDER_MSG.evidenceRequired);
}

function toConfirmation(order: TMoneyOrder, values: TConfirmationValues): TPaymentConfirmation {
  return {
    amountReceived: values.amountReceived.trim(),
    ...(order.type === 'buy' && values.receivedInto ? { receivedInto: Number(values.receivedInto) } : {}),
    ...(values.receivedAt ? { receivedAt: new Date(values.receivedAt).toISOString() } : {}),
    evidenceKind: values.evidenceKind as TPaymentConfirmation['evidenceKind'],
    evidence: values.evidence.trim(),
  };
}

const confirmationShape = {
  amountReceived: z.string(),
  receivedInto: z.string(),
  receivedAt: z.string(),
  evidenceKind: z.string(),
  evidence: z.string(),
};

/** Confirm payment (issue 28 point 2): what arrived, where, when and the evidence. */
export function confirmFormSchema(order: TMoneyOrder, now: () => number = Date.now) {
  return z
    .object(confirmationShape)
    .superRefine((values, context) => checkConfirmation(order, values, context, now()))
    .transform((values) => toConfirmation(order, values));
}

/** A charge (network or MoMo fee): empty for none; cedis at most 2 decimals. */
function checkCharge(value: string, isCedis: boolean, path: string, context: TContext) {
  const trimmed = value.trim();
  if (!trimmed) return;
  const charge = ZChargeAmount.safeParse(trimmed);
  if (!charge.success) context.addIssue({ code: 'custom', path: [path], message: message(charge) ?? ORDER_MSG.chargeAmountInvalid });
  else if (isCedis && new Dec(charge.data).decimalPlaces() > 2)
    context.addIssue({ code: 'custom', path: [path], message: ORDER_MSG.cedisDecimals });
}

export type TApproveValues = TConfirmationValues & {
  payoutReference: string;
  recordedPayerName: string;
  recordedPayerNumber: string;
  /** A sell's business payment method id the cedis left from. */
  paidFrom: string;
  payoutFee: string;
  /** '' until the amount received differs from the order's: 'received' or 'ordered'. */
  settle: string;
  differenceRefundReference: string;
};

export function approveDefaults(order: TMoneyOrder): TApproveValues {
  return {
    ...confirmationDefaults(order),
    payoutReference: '',
    recordedPayerName: '',
    recordedPayerNumber: '',
    paidFrom: '',
    payoutFee: '',
    settle: '',
    differenceRefundReference: '',
  };
}

/** The amount received the payout settles: the one typed for a submitted order, the confirmed one otherwise. */
export function receivedOf(order: TMoneyOrder, typed: string): string {
  return needsConfirmation(order) ? typed : (order.confirmation?.amountReceived ?? expectedReceipt(order));
}

/**
 * Approve's form (issue 28 point 2, docs/decisions/038): a submitted order's "Payment received"
 * (confirmed with the payout in one step), the payout reference (a buy's transaction hash on the
 * order's network, ORDER_MSG.payoutHashFormat; a sell's MoMo or bank reference, ORDER_MSG.txIdFormat),
 * a sell's account it was paid from, the charge, and, when what arrived is not what was ordered,
 * how to settle it. Checked with the server's messages; the output is the API's body.
 */
export function approveFormSchema(order: TMoneyOrder, now: () => number = Date.now) {
  const networks = payoutNetworksOf(order);
  const confirming = needsConfirmation(order);
  return z
    .object({
      ...confirmationShape,
      payoutReference: z.string().trim().min(1, ORDER_MSG.payoutReferenceRequired).max(200),
      recordedPayerName: z.string().trim().max(100),
      recordedPayerNumber: z.union([ZMobileNumber, z.literal('')]),
      paidFrom: z.string(),
      payoutFee: z.string(),
      settle: z.string(),
      differenceRefundReference: z.string(),
    })
    .superRefine((values, context) => {
      const fail = (path: string, text: string) => context.addIssue({ code: 'custom', path: [path], message: text });
      if (confirming) checkConfirmation(order, values, context, now());
      const reference = values.payoutReference.trim();
      // An empty one is already 'required'; one message at a time.
      if (reference) {
        if (order.type === 'sell') {
          if (!isTransactionId(reference)) fail('payoutReference', ORDER_MSG.txIdFormat);
        } else if (networks.length > 0 && !networks.some((network) => isValidTxHash(network, reference))) {
          fail('payoutReference', ORDER_MSG.payoutHashFormat(networks.map((network) => networkLabel(network)).join(' or ')));
        }
      }
      if (order.type === 'sell' && !values.paidFrom) fail('paidFrom', ORDER_MSG.paidFromRequired);
      checkCharge(values.payoutFee, order.type === 'sell', 'payoutFee', context);
      const received = receivedOf(order, values.amountReceived);
      const comparison = compareReceived(order, received);
      if (comparison === null || comparison === 0) return;
      if (!(SETTLE_MODES as readonly string[]).includes(values.settle)) {
        fail('settle', ORDER_MSG.settleRequired(formatReceived(order, received.trim()), formatReceived(order, expectedReceipt(order))));
      } else if (values.settle === 'ordered') {
        if (comparison < 0) fail('settle', ORDER_MSG.settleOrderedNeedsOverpayment);
        else if (!values.differenceRefundReference.trim()) fail('differenceRefundReference', ORDER_MSG.differenceRefundRequired);
      }
    })
    .transform((values): TApproveOrderRequest => {
      const comparison = compareReceived(order, receivedOf(order, values.amountReceived));
      const settles = comparison !== null && comparison !== 0;
      const payout: TPayoutFacts = {
        ...(order.type === 'sell' && values.paidFrom ? { paidFrom: Number(values.paidFrom) } : {}),
        ...(values.payoutFee.trim() ? { payoutFee: values.payoutFee.trim() } : {}),
        ...(settles ? { settle: values.settle as TPayoutFacts['settle'] } : {}),
        ...(settles && values.settle === 'ordered' ? { differenceRefundReference: values.differenceRefundReference.trim() } : {}),
      };
      // The name and number on the payment are sent only when staff wrote them (docs/decisions/017).
      return {
        payoutReference: values.payoutReference,
        ...(values.recordedPayerName ? { recordedPayerName: values.recordedPayerName } : {}),
        ...(values.recordedPayerNumber ? { recordedPayerNumber: values.recordedPayerNumber } : {}),
        ...(confirming ? { confirmation: toConfirmation(order, values) } : {}),
        ...(Object.keys(payout).length > 0 ? { payout } : {}),
      };
    });
}

export type TRefundValues = TConfirmationValues & { reference: string; refundFrom: string; refundFee: string; reason: string };

export function refundDefaults(order: TMoneyOrder): TRefundValues {
  return { ...confirmationDefaults(order), reference: '', refundFrom: '', refundFee: '', reason: '' };
}

/** What a refund's reference is: a buy's cedis go back by MoMo or bank, a sell's coins by a transaction on chain. */
export function refundReferenceLabel(order: Pick<TOrder, 'type'>): string {
  return order.type === 'buy' ? 'Refund reference' : 'Refund transaction hash';
}

/**
 * Refund's form (issue 28 point 3): a submitted order's "Payment received" first, the reference
 * of the refund (a buy's MoMo or bank reference, a sell's transaction hash on the order's
 * network), a buy's account it left from, the charge and the reason the customer is told.
 */
export function refundFormSchema(order: TMoneyOrder, now: () => number = Date.now) {
  const confirming = needsConfirmation(order);
  const network =
    order.type === 'sell'
      ? networkOfOrder({ coinSymbol: order.coinSymbol, network: order.network ?? order.depositTo?.network ?? null })
      : null;
  return z
    .object({
      ...confirmationShape,
      reference: z.string().trim().min(1, ORDER_MSG.refundReferenceRequired).max(200),
      refundFrom: z.string(),
      refundFee: z.string(),
      reason: z.string().trim().min(1, ORDER_MSG.refundReasonRequired).max(500),
    })
    .superRefine((values, context) => {
      if (confirming) checkConfirmation(order, values, context, now());
      const reference = values.reference.trim();
      if (reference) {
        if (order.type === 'buy') {
          if (!isTransactionId(reference)) context.addIssue({ code: 'custom', path: ['reference'], message: ORDER_MSG.txIdFormat });
        } else if (network && !isValidTxHash(network, reference)) {
          context.addIssue({ code: 'custom', path: ['reference'], message: ORDER_MSG.payoutHashFormat(networkLabel(network)) });
        }
      }
      checkCharge(values.refundFee, order.type === 'buy', 'refundFee', context);
    })
    .transform((values): TRefundOrderRequest => ({
      ...(confirming ? { confirmation: toConfirmation(order, values) } : {}),
      reference: values.reference,
      ...(order.type === 'buy' && values.refundFrom ? { refundFrom: Number(values.refundFrom) } : {}),
      ...(values.refundFee.trim() ? { refundFee: values.refundFee.trim() } : {}),
      reason: values.reason,
    }));
}

/**
 * The server's names of the fields (the body's nested paths, and the service's flat names) on the
 * form's flat fields (showServerError's `fields`).
 */
export const SERVER_FIELDS: Readonly<Record<string, string>> = {
  'confirmation.amountReceived': 'amountReceived',
  'confirmation.receivedInto': 'receivedInto',
  'confirmation.receivedAt': 'receivedAt',
  'confirmation.evidenceKind': 'evidenceKind',
  'confirmation.evidence': 'evidence',
  'payout.paidFrom': 'paidFrom',
  'payout.payoutFee': 'payoutFee',
  'payout.settle': 'settle',
  'payout.differenceRefundReference': 'differenceRefundReference',
};

/** Cancel's form: the reason the customer is told, exactly as the API takes it. */
export const cancelFormSchema = ZCancelOrderRequest;
