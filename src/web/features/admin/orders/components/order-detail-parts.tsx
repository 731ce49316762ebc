import { useState } from 'react';
import type { TAdminOrder } from '#shared/contracts/orders.js';
import { explorerTxUrl, networkOfOrder } from '#shared/networks.js';
import { OrderFact } from '#web/components/orders/order-facts.js';
import { PayoutReference } from '#web/components/orders/order-timeline.js';
import { payoutReferenceLabel } from '#web/lib/order-labels.js';
import { adminOrderProofUrl } from '#web/features/admin/orders/api/get-admin-order.js';

/** The account a buyer was told to pay to, as it was when the order was created. */
export function PayTo({ payTo }: { payTo: TAdminOrder['payTo'] }) {
  if (!payTo) return '—';
  return (
    <>
      {payTo.type === 'momo' ? payTo.provider : payTo.bankName}
      <br />
      {payTo.name}
      <br />
      <span className="font-mono">{payTo.type === 'momo' ? payTo.number : payTo.accountNumber}</span>
    </>
  );
}

/** The network a sell's coins were sent on: the order's own, its deposit's, or the coin's only one. */
function sellNetworkOf(order: TAdminOrder) {
  return networkOfOrder({ coinSymbol: order.coinSymbol, network: order.network ?? order.depositTo?.network ?? null });
}

/**
 * Explorer links for the order's on-chain hashes (docs/decisions/014): a sell's deposit (its
 * payment transaction id) and a buy's payout (its payout reference); a sell's payout reference
 * is a MoMo or bank reference, shown as it is.
 */
export function OnChainRows({ order }: { order: TAdminOrder }) {
  const depositUrl = order.type === 'sell' ? explorerTxUrl(sellNetworkOf(order), order.paymentTxId) : null;
  return (
    <>
      {depositUrl && (
        <OrderFact label="Deposit on chain">
          <a href={depositUrl} target="_blank" rel="noopener noreferrer" className="font-semibold">
            View the deposit on the explorer<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </OrderFact>
      )}
      {order.payoutReference && (
        <OrderFact label={payoutReferenceLabel(order)}>
          <PayoutReference order={order} reference={order.payoutReference} />
        </OrderFact>
      )}
    </>
  );
}

/**
 * The customer's payment screenshot, opening full size in a new tab. The server writes every
 * view to the audit log (order.proof_view), so it is asked for only when the details are open.
 */
export function PaymentProof({ orderId }: { orderId: number }) {
  const [hasFailed, setHasFailed] = useState(false);
  const url = adminOrderProofUrl(orderId);
  if (hasFailed) return <span className="text-slate-600">The screenshot could not be loaded.</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="inline-block max-w-full">
      <img
        src={url}
        alt={`Payment screenshot of order #${orderId}`}
        onError={() => setHasFailed(true)}
        className="max-h-72 max-w-full rounded-lg border border-slate-200 object-contain"
      />
      <span className="mt-1 block text-sm font-semibold">
        Open full size<span className="sr-only"> (opens in a new tab)</span>
      </span>
    </a>
  );
}
