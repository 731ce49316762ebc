import { useId } from 'react';
import { formatGhs, formatPercentChange, MISSING_VALUE } from '#shared/format.js';
import { toDecimal } from '#shared/money.js';
import { cn } from '#web/lib/cn.js';
import { EMPTY_PORTFOLIO } from '#web/lib/portfolio.js';
import type { TPortfolio } from '#shared/contracts/dashboard.js';

/** What the estimated balance is: the broker holds no customer coins (issue 16 point 2). */
export const BALANCE_EXPLANATION =
  "The coins we delivered to your own wallet, less those you sold us, at today's price. CediCrypto does not hold coins for you.";

/** '+2.50%' coloured by its direction, or '—' like the market cards while the prices of 24 h ago are not known. */
function Change({ change }: { change: string | null }) {
  if (change === null) {
    return (
      <span className="font-semibold text-slate-700">
        <span aria-hidden="true">{MISSING_VALUE}</span>
        <span className="sr-only">Not known yet</span>
      </span>
    );
  }
  const direction = toDecimal(change).cmp(0);
  return (
    <span
      className={cn('font-semibold tabular-nums', direction > 0 ? 'text-brand-700' : direction < 0 ? 'text-red-700' : 'text-slate-700')}
    >
      {formatPercentChange(change)}
    </span>
  );
}

/**
 * Estimated balance in GHS with its 24 h change (docs/product.md §2 and §9): the value at today's
 * price of the coins delivered to the customer's own wallet, said in so many words. When the
 * portfolio cannot be read, zeros are shown (docs/product.md §8: 'Portfolio failure returns zeros').
 */
export function BalanceCard({ portfolio, isLoading }: { portfolio: TPortfolio | undefined; isLoading: boolean }) {
  const data = portfolio ?? EMPTY_PORTFOLIO;
  const descriptionId = useId();
  return (
    <section className="card" aria-labelledby="balance-heading" aria-describedby={descriptionId} aria-busy={isLoading || undefined}>
      <h2 id="balance-heading" className="text-sm font-semibold text-slate-600">
        Estimated balance
      </h2>
      <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{formatGhs(data.totalGhs)}</p>
      <p className="mt-1 text-sm text-slate-600">
        <Change change={data.change24hPercent} /> in 24 h
      </p>
      <p id={descriptionId} className="mt-2 text-xs text-slate-600">
        {BALANCE_EXPLANATION}
      </p>
      {data.holdings.length > 0 && (
        <ul className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm" aria-label="Holdings">
          {data.holdings.map((holding) => (
            <li key={holding.symbol} className="flex justify-between gap-2">
              <span className="font-medium text-slate-800">{holding.symbol.toUpperCase()}</span>
              <span className="text-slate-600 tabular-nums">{formatGhs(holding.valueGhs)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
