import { Link } from '#web/lib/router.js';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { feeSpreadText } from '#shared/fees.js';
import { formatCrypto, formatFiat, formatGhs, formatUsd } from '#shared/format.js';
import { normalizeDecimal } from '#shared/money.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { paths } from '#web/lib/paths.js';
import type { TTradeAmount, TTradeSide } from '#web/features/trade/lib/use-trade-amount.js';
import { QuoteCountdown } from './quote-countdown';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className={strong ? 'text-right font-semibold text-slate-900 tabular-nums' : 'text-right text-slate-800 tabular-nums'}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The server's quote for the amount (unit price in the chosen currency, crypto amount with 8
 * decimals, fee, countdown; for a USD amount also the cedis paid or paid out, since mobile money
 * and Ghana banks pay in GHS), the remaining limit of the customer's tier (USD at Tier 0, GHS
 * today and this month at Tiers 1 and 2: docs/decisions/016), and why the
 * order cannot be placed when it cannot (stale prices, over the limit).
 */
export function QuoteSummary({ trade, side, onChangeAmount }: { trade: TTradeAmount; side: TTradeSide; onChangeAmount?: () => void }) {
  const { quote, limit, tierLimit, currency } = trade;
  const symbol = trade.coin?.symbol.toUpperCase() ?? '';

  return (
    <section aria-labelledby="quote-heading" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id="quote-heading" className="text-sm font-semibold text-slate-900">
        Your quote
      </h2>
      <div aria-live="polite" className="space-y-3">
        {trade.quoteError ? (
          <div className="space-y-2">
            <Alert variant="error">{trade.quoteError}</Alert>
            {/* Under a minimum or maximum refusal a new quote is refused alike: the amount is what to change. */}
            {trade.isQuoteErrorAboutAmount ? (
              onChangeAmount && (
                <Button variant="outline" size="sm" onClick={onChangeAmount}>
                  {ORDER_MSG.changeAmount}
                </Button>
              )
            ) : (
              <Button variant="outline" size="sm" onClick={trade.refreshQuote}>
                Get a new quote
              </Button>
            )}
          </div>
        ) : quote ? (
          <dl className="space-y-2 text-sm">
            <Row label={`Price per ${symbol}`} value={formatFiat(quote.unitPriceFiat, currency)} />
            <Row label={side === 'buy' ? 'You receive' : 'You send'} value={formatCrypto(quote.amountCrypto, symbol)} strong />
            {/* In the currency of the amount as the server computed it (cedis in cedis, never dollars converted). */}
            <Row label={`Fee (${normalizeDecimal(quote.feePercentage)}%)`} value={formatFiat(quote.feeFiat, currency)} />
            <Row label={side === 'buy' ? 'You pay' : 'You get'} value={formatFiat(quote.amountFiat, currency)} strong />
            {currency === 'USD' && (
              <Row label={side === 'buy' ? 'You pay in cedis' : 'You get in cedis'} value={formatFiat(quote.amountGhs, 'GHS')} strong />
            )}
          </dl>
        ) : trade.isQuoting ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Getting a quote…
          </p>
        ) : (
          <p className="text-sm text-slate-600">Enter an amount to see the price.</p>
        )}
        {quote && !trade.quoteError && currency === 'USD' && (
          <p className="text-sm text-slate-600">
            Mobile money and Ghana bank payments are always made in GHS, at the rate locked when you create the order.
          </p>
        )}
        {trade.exceedsLimit && limit && (
          <Alert variant="error">
            {ORDER_MSG.exceedsLimit(formatUsd(limit.remainingUsd))} <Link to={paths.kyc.getHref()}>{ORDER_MSG.raiseTier0Link}</Link>{' '}
            {ORDER_MSG.raiseTier0}
          </Alert>
        )}
        {/* The server refuses such a quote with the same words; said here too when what is left changed since. */}
        {trade.tierLimitMessage && !trade.quoteError && <Alert variant="error">{trade.tierLimitMessage}</Alert>}
      </div>
      {/* The real spread (issue 16): buy and sell prices are twice the fee apart. Outside the live region: it is said once. */}
      {quote && !trade.quoteError && <p className="text-xs text-slate-600">{feeSpreadText(quote.feePercentage)}</p>}
      {quote && !trade.quoteError && <QuoteCountdown key={quote.id} expiresAt={quote.localExpiresAt} />}
      {limit && (
        <p className="text-sm text-slate-600">
          Remaining limit: <span className="font-semibold text-slate-800">{formatUsd(limit.remainingUsd)}</span> of{' '}
          {formatUsd(limit.limitUsd)} until your identity is verified.
        </p>
      )}
      {tierLimit && (
        <p className="text-sm text-slate-600">
          Tier {tierLimit.tier} limits: <span className="font-semibold text-slate-800">{formatGhs(tierLimit.leftTodayGhs)}</span> left today
          of {formatGhs(tierLimit.dailyLimitGhs)},{' '}
          <span className="font-semibold text-slate-800">{formatGhs(tierLimit.leftThisMonthGhs)}</span> left this month of{' '}
          {formatGhs(tierLimit.monthlyLimitGhs)}.
        </p>
      )}
    </section>
  );
}
