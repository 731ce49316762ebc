import type { TOrder } from '#shared/contracts/orders.js';
import { formatDecimal } from '#shared/format.js';
import { toFixedText } from '#shared/decimal-text.js';
import { findCoinNetwork, networkLabel } from '#shared/networks.js';
import { PER_ORDER_ADDRESS_NOTE } from '#shared/deposit-keys.js';
import { CopyButton } from '#web/components/copy-button.js';
import { LazyQrCode } from '#web/components/lazy-qr-code.js';
import { Erc20FeeNote } from '#web/components/orders/erc20-fee-note.js';
import { Alert } from '#web/components/ui/alert.js';
import { CopyValue } from './copy-value';

/**
 * The exact amount to send, in the precision of the order's network (docs/decisions/014: USDT
 * and XRP 6 decimals, BTC 8): the amount fixed at creation, never changed afterwards.
 */
export function amountToSend(order: Pick<TOrder, 'coinSymbol' | 'amountCrypto'>, network: string | null) {
  const decimals = findCoinNetwork(order.coinSymbol, network)?.decimals ?? 8;
  return { text: formatDecimal(order.amountCrypto, decimals), copy: toFixedText(order.amountCrypto, decimals) ?? order.amountCrypto };
}

/**
 * Step 2 of a sell (docs/decisions/014; decisions/013 D17): the network, the deposit address of the coin on
 * it, or the order's own address derived from a watch-only key (docs/decisions/056), with a QR code, the exact amount, the order's destination tag on tag chains, each with a
 * copy button. Sending on another network, another amount or without the tag cannot be matched.
 */
export function DepositInstructions({ order }: { order: TOrder }) {
  const symbol = order.coinSymbol.toUpperCase();
  const depositTo = order.depositTo;
  if (!depositTo) {
    return <Alert variant="warning">This order has no deposit address. Please contact support before you send anything.</Alert>;
  }
  const network = networkLabel(depositTo.network);
  const amount = amountToSend(order, depositTo.network);
  return (
    <section aria-labelledby="send-heading" className="card space-y-2">
      <h2 id="send-heading" className="text-lg font-semibold text-slate-900">
        Send {amount.text} {symbol}
      </h2>
      <dl className="divide-y divide-slate-100">
        <div className="py-3">
          <dt className="text-sm text-slate-600">Network</dt>
          <dd className="text-base font-semibold text-slate-900">{network}</dd>
        </div>
        <CopyValue
          label="Amount to send"
          value={`${amount.text} ${symbol}`}
          copyText={amount.copy}
          copyLabel="Copy amount"
          hint="Send exactly this amount in one transfer. It is fixed for this order."
        />
        <div className="space-y-2 py-3">
          <dt className="text-sm text-slate-600">Deposit address</dt>
          <dd>
            <LazyQrCode value={depositTo.address} label={`QR code of the ${network} deposit address`} />
          </dd>
          <dd
            aria-label={`${network} deposit address`}
            className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base leading-relaxed break-all text-slate-900 select-all"
          >
            {depositTo.address}
          </dd>
          {/* An address derived for this order alone from a watch-only key (docs/decisions/056). */}
          {depositTo.perOrder && <dd className="text-sm font-medium text-slate-800">{PER_ORDER_ADDRESS_NOTE}</dd>}
          <dd>
            <CopyButton text={depositTo.address} label="Copy address" />
          </dd>
        </div>
        {depositTo.tag && <CopyValue label="Destination tag" value={depositTo.tag} copyText={depositTo.tag} copyLabel="Copy tag" mono />}
      </dl>
      {depositTo.tag && (
        <Alert variant="warning">
          <strong>Put the destination tag {depositTo.tag} in your transfer.</strong> Without the tag your deposit cannot be matched to this
          order.
        </Alert>
      )}
      <Erc20FeeNote coinSymbol={order.coinSymbol} network={depositTo.network} amountUsd={order.amountUsd} isOrder />
      <Alert variant="warning">
        Send {symbol} only on {network}. Coins sent on another network, or to another address, are lost and cannot be recovered.
      </Alert>
    </section>
  );
}
