import { ORDER_MSG, ZApproveOrderRequest, ZCancelOrderRequest, type TOrder } from '#shared/contracts/orders.js';
import { isValidTxHash, networkLabel, networkOfOrder, networksOf, type TNetworkId } from '#shared/networks.js';
import { isTransactionId } from '#shared/transaction-id.js';

type TDecisionOrder = Pick<TOrder, 'type' | 'coinSymbol' | 'network'>;

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

/**
 * Approve's form: the API's own body (ZApproveOrderRequest: required, at most 200 characters),
 * then what the server checks with the same messages (src/server/modules/orders/lifecycle.ts):
 * a buy's reference is a transaction hash of the order's network (ORDER_MSG.payoutHashFormat), a
 * sell's a MoMo or bank reference of Latin letters and digits (ORDER_MSG.txIdFormat).
 */
export function approveFormSchema(order: TDecisionOrder) {
  const networks = payoutNetworksOf(order);
  return ZApproveOrderRequest.superRefine(({ payoutReference }, context) => {
    // An empty one is already 'required'; one message at a time.
    if (!payoutReference) return;
    const fail = (message: string) => context.addIssue({ code: 'custom', path: ['payoutReference'], message });
    if (order.type === 'sell') {
      if (!isTransactionId(payoutReference)) fail(ORDER_MSG.txIdFormat);
    } else if (networks.length > 0 && !networks.some((network) => isValidTxHash(network, payoutReference))) {
      fail(ORDER_MSG.payoutHashFormat(networks.map((network) => networkLabel(network)).join(' or ')));
    }
  });
}

/** Cancel's form: the reason the customer is told, exactly as the API takes it. */
export const cancelFormSchema = ZCancelOrderRequest;
