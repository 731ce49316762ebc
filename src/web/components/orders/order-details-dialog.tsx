import type { ReactNode } from 'react';
import type { TOrder } from '#shared/contracts/orders.js';
import { formatCrypto, formatFiat, formatUsd } from '#shared/format.js';
import { toDecimal } from '#shared/money.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { OrderStatusBadge } from '#web/components/orders/order-status-badge.js';

function Detail({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={mono ? 'font-mono text-sm break-all text-slate-900' : 'text-sm text-slate-900'}>{children}</dd>
    </div>
  );
}

/** Fiat per coin as paid (fiat / crypto); 0 when the crypto amount is 0 (as on the staff Order Details). */
function effectiveRate(order: TOrder): string {
  const crypto = toDecimal(order.amountCrypto);
  return crypto.isZero() ? '0' : toDecimal(order.amountFiat).div(crypto).toFixed(2);
}

/** 'Order Details' of one of the customer's orders (docs/product.md §2, /history). */
export function OrderDetailsDialog({ order, onClose }: { order: TOrder | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={order !== null}
      onClose={onClose}
      title="Order Details"
      size="md"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {order && (
        <dl className="divide-y divide-slate-100">
          <Detail label="Order ID">#{order.id}</Detail>
          <Detail label="Date">{formatDateTime(order.createdAt)}</Detail>
          <Detail label="Type">{order.type === 'buy' ? 'Buy' : 'Sell'}</Detail>
          <Detail label="Status">
            <OrderStatusBadge status={order.status} />
          </Detail>
          <Detail label="Amount">{formatCrypto(order.amountCrypto, order.coinSymbol)}</Detail>
          <Detail label="Fiat value">
            {formatFiat(order.amountFiat, order.fiatCurrency)}
            {order.fiatCurrency !== 'USD' && <span className="text-slate-600"> ({formatUsd(order.amountUsd)})</span>}
          </Detail>
          <Detail label="Unit price">
            {formatFiat(effectiveRate(order), order.fiatCurrency)} per {order.coinSymbol.toUpperCase()}
            {order.fiatCurrency !== 'USD' && <span className="text-slate-600"> ({formatUsd(order.unitPriceUsd)})</span>}
          </Detail>
          <Detail label="Payment method">{order.paymentMethod}</Detail>
          <Detail label={order.type === 'buy' ? 'MoMo TxID' : 'On-chain TxID'} mono>
            {order.paymentTxId}
          </Detail>
          {order.type === 'buy' ? (
            <>
              <Detail label="Wallet address" mono>
                {order.walletAddress ?? '—'}
              </Detail>
              {order.network && <Detail label="Network">{order.network}</Detail>}
              {order.destinationTag && <Detail label="Destination tag">{order.destinationTag}</Detail>}
            </>
          ) : (
            order.payout && (
              <Detail label="Payout">
                {order.payout.type === 'momo' ? (
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
                )}
              </Detail>
            )
          )}
          <Detail label="Notes">{order.notes?.trim() ? <span className="whitespace-pre-wrap">{order.notes}</span> : '—'}</Detail>
        </dl>
      )}
    </Dialog>
  );
}
