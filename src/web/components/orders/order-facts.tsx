import type { ReactNode } from 'react';
import type { TOrder } from '#shared/contracts/orders.js';
import { formatCrypto, formatFiat, formatUsd } from '#shared/format.js';
import { txIdLabel } from '#web/lib/order-labels.js';
import { formatDateTime } from '#web/lib/format-date.js';

/** One labelled fact of an order: label above on a phone, beside from `sm` on. */
export function OrderFact({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={mono ? 'font-mono text-sm break-all text-slate-900' : 'text-sm break-words text-slate-900'}>{children}</dd>
    </div>
  );
}

/** The words of the two Order Details (docs/product.md §2): the customer's and the staff one. */
const LABELS = {
  customer: { amount: 'Amount', rate: 'Unit price', payout: 'Payout' },
  staff: { amount: 'Crypto amount', rate: 'Effective rate', payout: 'Payout details' },
} as const;

function Payout({ payout }: { payout: TOrder['payout'] }) {
  if (!payout) return '—';
  return (
    <>
      {payout.type === 'momo' ? payout.provider : payout.bankName}
      <br />
      {payout.name}
      <br />
      <span className="font-mono">{payout.type === 'momo' ? payout.number : payout.accountNumber}</span>
    </>
  );
}

type TOrderFactsProps = {
  order: TOrder;
  view: keyof typeof LABELS;
  /** The status badge of that view. */
  status: ReactNode;
  /** Rows of that view only, shown before the notes (the staff view's customer). */
  children?: ReactNode;
};

/** Everything about one order, as a description list: the body of both Order Details dialogs. */
export function OrderFacts({ order, view, status, children }: TOrderFactsProps) {
  const labels = LABELS[view];
  const symbol = order.coinSymbol.toUpperCase();
  const inUsd = order.fiatCurrency === 'USD';
  return (
    <dl className="divide-y divide-slate-100">
      <OrderFact label="Order ID">#{order.id}</OrderFact>
      <OrderFact label="Date">{formatDateTime(order.createdAt)}</OrderFact>
      <OrderFact label="Type">{order.type === 'buy' ? 'Buy' : 'Sell'}</OrderFact>
      <OrderFact label="Status">{status}</OrderFact>
      <OrderFact label={labels.amount}>{formatCrypto(order.amountCrypto, symbol)}</OrderFact>
      <OrderFact label="Fiat value">
        {formatFiat(order.amountFiat, order.fiatCurrency)}
        {!inUsd && <span className="text-slate-600"> ({formatUsd(order.amountUsd)})</span>}
      </OrderFact>
      <OrderFact label={labels.rate}>
        {/* One figure for both (issue 26 point 10): the quote's price per coin, as the server computed it from the order's
            locked price and rate (calculateUnitPriceFiat, src/shared/money.ts). Fiat over crypto drifts with the rounding of the coins. */}
        {formatFiat(order.unitPriceFiat, order.fiatCurrency)} per {symbol}
        {view === 'customer' && !inUsd && <span className="text-slate-600"> ({formatUsd(order.unitPriceUsd)})</span>}
      </OrderFact>
      <OrderFact label="Payment method">{order.paymentMethod || '—'}</OrderFact>
      <OrderFact label={txIdLabel(order)} mono>
        {order.paymentTxId ?? '—'}
      </OrderFact>
      {order.type === 'buy' ? (
        <>
          <OrderFact label="Wallet address" mono>
            {order.walletAddress ?? '—'}
          </OrderFact>
          {order.network && <OrderFact label="Network">{order.network}</OrderFact>}
          {order.destinationTag && (
            <OrderFact label="Destination tag" mono>
              {order.destinationTag}
            </OrderFact>
          )}
        </>
      ) : (
        <OrderFact label={labels.payout}>
          <Payout payout={order.payout} />
        </OrderFact>
      )}
      {children}
      <OrderFact label="Notes">{order.notes?.trim() ? <span className="whitespace-pre-wrap">{order.notes}</span> : '—'}</OrderFact>
    </dl>
  );
}
