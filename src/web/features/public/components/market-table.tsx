import type { TMarketCoin } from '#shared/contracts/market.js';
import { formatGhs, formatPercentChange, formatUsd, MISSING_VALUE } from '#shared/format.js';
import { convertUsdToGhs } from '#shared/money.js';
import { Sparkline } from '#web/components/sparkline.js';
import { cn } from '#web/lib/cn.js';
import { COLUMN, MarketTableFrame } from './market-table-frame';

/**
 * The market table with real rows. Loaded lazily by the landing page: it is the only part that
 * needs decimal.js (money formatting), which stays out of the landing page's initial JavaScript.
 */

type TChangeDirection = 'up' | 'down' | 'flat' | 'unknown';

function changeDirection(text: string): TChangeDirection {
  if (text === MISSING_VALUE) return 'unknown';
  if (text.startsWith('-')) return 'down';
  if (text.startsWith('+')) return 'up';
  return 'flat';
}

const CHANGE_STYLE: Record<TChangeDirection, string> = {
  up: 'text-brand-700',
  down: 'text-red-700',
  flat: 'text-slate-600',
  unknown: 'text-slate-500',
};

const CHANGE_ARROW: Record<TChangeDirection, string> = { up: '▲', down: '▼', flat: '', unknown: '' };

function ghsPrice(usd: string | null, ghsRate: string): string {
  if (usd === null) return MISSING_VALUE;
  try {
    return formatGhs(convertUsdToGhs(usd, ghsRate));
  } catch {
    return MISSING_VALUE;
  }
}

function MarketRow({ coin, ghsRate }: { coin: TMarketCoin; ghsRate: string }) {
  const usd = formatUsd(coin.baseUsd);
  const change = formatPercentChange(coin.change24h);
  const direction = changeDirection(change);
  const hasSparkline = coin.history.length >= 2;
  return (
    <tr className="hover:bg-slate-50/60">
      <th scope="row" className={cn(COLUMN.cell, 'font-normal')}>
        <span className="block font-semibold text-slate-900">{coin.name}</span>
        <span className="block text-xs text-slate-500 uppercase">{coin.symbol}</span>
        {coin.isStale && coin.baseUsd !== null && <span className="block text-xs font-medium text-amber-700">Delayed</span>}
      </th>
      <td className={cn(COLUMN.cell, 'text-right whitespace-nowrap tabular-nums')}>
        <span className="block font-semibold text-slate-900">{ghsPrice(coin.baseUsd, ghsRate)}</span>
        {/* Below md the USD column is hidden, so the USD price sits under the cedi price. */}
        {coin.baseUsd !== null && <span className="block text-xs text-slate-500 md:hidden">{usd}</span>}
        {/* What a customer buys and sells at (issue 16): the market price plus and minus the fee. */}
        {coin.buyUsd !== null && coin.sellUsd !== null && (
          <span className="mt-1 block text-xs text-slate-600" data-testid="buy-sell">
            <span className="block">Buy {ghsPrice(coin.buyUsd, ghsRate)}</span>
            <span className="block">Sell {ghsPrice(coin.sellUsd, ghsRate)}</span>
          </span>
        )}
      </td>
      <td className={cn(COLUMN.cell, COLUMN.usd, 'text-right whitespace-nowrap tabular-nums text-slate-800')}>{usd}</td>
      <td className={cn(COLUMN.cell, 'text-right font-medium whitespace-nowrap tabular-nums', CHANGE_STYLE[direction])}>
        {CHANGE_ARROW[direction] && (
          <span aria-hidden="true" className="mr-0.5 text-[0.65rem]">
            {CHANGE_ARROW[direction]}
          </span>
        )}
        {change}
      </td>
      <td className={cn(COLUMN.cell, COLUMN.sparkline, 'text-right')}>
        {hasSparkline ? (
          <Sparkline
            values={coin.history}
            label={`${coin.name} price over the last ${coin.history.length} updates`}
            className="ml-auto block"
          />
        ) : (
          <span className="text-slate-400">
            <span aria-hidden="true">{MISSING_VALUE}</span>
            <span className="sr-only">No price history yet</span>
          </span>
        )}
      </td>
    </tr>
  );
}

export function MarketTable({ coins, ghsRate }: { coins: TMarketCoin[]; ghsRate: string }) {
  return (
    <MarketTableFrame>
      <tbody className="divide-y divide-slate-100">
        {coins.length === 0 ? (
          <tr>
            <td colSpan={5} className="px-4 py-8 text-center text-slate-600">
              No coins are available right now.
            </td>
          </tr>
        ) : (
          coins.map((coin) => <MarketRow key={coin.symbol} coin={coin} ghsRate={ghsRate} />)
        )}
      </tbody>
    </MarketTableFrame>
  );
}
