import type { ReactNode } from 'react';
import type { TAdminOrder } from '#shared/contracts/orders.js';
import { formatCrypto, formatFiat, formatUsd } from '#shared/format.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useAdminOrder } from '#web/features/admin/orders/api/get-admin-order.js';
import { effectiveRate, txIdLabel, type TOrderDecision } from '#web/lib/admin-order-labels.js';
import { AdminOrderStatusBadge } from '#web/components/orders/admin-order-status-badge.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';

type OrderDetailsDialogProps = {
  id: number;
  /** The row that was clicked, shown at once while the fresh copy loads. */
  shown?: TAdminOrder;
  onClose: () => void;
  /** Approve or Cancel was pressed on a pending order; the page asks for confirmation. */
  onDecide: (order: TAdminOrder, decision: TOrderDecision) => void;
};

/** 'Order Details' (docs/product.md §2, /admin/orders): everything staff need to check a payment. */
export function OrderDetailsDialog({ id, shown, onClose, onDecide }: OrderDetailsDialogProps) {
  const query = useAdminOrder(id, shown);
  const order = query.data;
  // Decide only on what the server has just confirmed as pending, not on the clicked row.
  const canDecide = order?.status === 'pending' && !query.isPlaceholderData;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Order Details"
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {order && canDecide && (
            <>
              <Button variant="danger" onClick={() => onDecide(order, 'cancel')}>
                Cancel order
              </Button>
              <Button onClick={() => onDecide(order, 'approve')}>Approve order</Button>
            </>
          )}
        </>
      }
    >
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}
      {order ? (
        <OrderFacts order={order} />
      ) : (
        !query.isError && (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <Spinner className="text-brand-700" /> Loading order…
          </p>
        )
      )}
    </Dialog>
  );
}

function Detail({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={mono ? 'font-mono text-sm break-all text-slate-900' : 'text-sm break-words text-slate-900'}>{children}</dd>
    </div>
  );
}

function OrderFacts({ order }: { order: TAdminOrder }) {
  const symbol = order.coinSymbol.toUpperCase();
  return (
    <dl className="divide-y divide-slate-100">
      <Detail label="Order ID">#{order.id}</Detail>
      <Detail label="Date">{formatDateTime(order.createdAt)}</Detail>
      <Detail label="Type">{order.type === 'buy' ? 'Buy' : 'Sell'}</Detail>
      <Detail label="Status">
        <AdminOrderStatusBadge status={order.status} />
      </Detail>
      <Detail label="Crypto amount">{formatCrypto(order.amountCrypto, symbol)}</Detail>
      <Detail label="Fiat value">
        {formatFiat(order.amountFiat, order.fiatCurrency)}
        {order.fiatCurrency !== 'USD' && <span className="text-slate-600"> ({formatUsd(order.amountUsd)})</span>}
      </Detail>
      <Detail label="Effective rate">
        {formatFiat(effectiveRate(order), order.fiatCurrency)} per {symbol}
      </Detail>
      <Detail label="Payment method">{order.paymentMethod || '—'}</Detail>
      <Detail label={txIdLabel(order)} mono>
        {order.paymentTxId}
      </Detail>
      {order.type === 'buy' ? (
        <>
          <Detail label="Wallet address" mono>
            {order.walletAddress ?? '—'}
          </Detail>
          {order.network && <Detail label="Network">{order.network}</Detail>}
          {order.destinationTag && (
            <Detail label="Destination tag" mono>
              {order.destinationTag}
            </Detail>
          )}
        </>
      ) : (
        <Detail label="Payout details">
          {order.payout ? (
            order.payout.type === 'momo' ? (
              <>
                {order.payout.provider}
                <br />
                {order.payout.name}
                <br />
                <span className="font-mono">{order.payout.number}</span>
              </>
            ) : (
              <>
                {order.payout.bankName}
                <br />
                {order.payout.name}
                <br />
                <span className="font-mono">{order.payout.accountNumber}</span>
              </>
            )
          ) : (
            '—'
          )}
        </Detail>
      )}
      <Detail label="Customer">
        {order.customerName}
        <span className="block text-slate-600">{order.customerEmail}</span>
      </Detail>
      <Detail label="Customer phone">{order.customerPhone?.trim() || '—'}</Detail>
      <Detail label="Notes">{order.notes?.trim() ? <span className="whitespace-pre-wrap">{order.notes}</span> : '—'}</Detail>
    </dl>
  );
}
