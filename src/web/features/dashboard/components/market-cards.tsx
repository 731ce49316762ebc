import { Link } from '#web/lib/router.js';
import type { TMarketCoin } from '#shared/contracts/market.js';
import { formatGhs, formatPercentChange, formatUsd, MISSING_VALUE } from '#shared/format.js';
import { convertUsdToGhs, toDecimal } from '#shared/money.js';
import { Alert } from '#web/components/ui/alert.js';
import { Sparkline } from '#web/components/sparkline.js';
import { cn } from '#web/lib/cn.js';
import { useMarket } from '#web/lib/market.js';
import { paths } from '#web/lib/paths.js';

function ChangeText({ change }: { change: string | null }) {
  if (change === null) return <span className="text-xs text-slate-500">{MISSING_VALUE}</span>;
  const direction = toDecimal(change).cmp(0);
  return (
    <span
      className={cn(
        'text-xs font-semibold tabular-nums',
        direction > 0 ? 'text-brand-700' : direction < 0 ? 'text-red-700' : 'text-slate-600',
      )}
    >
      {formatPercentChange(change)}
    </span>
  );
}

function MarketCard({ coin, ghsRate }: { coin: TMarketCoin; ghsRate: string }) {
  const symbol = coin.symbol.toUpperCase();
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900">{coin.name}</h3>
          <p className="text-xs text-slate-500">{symbol}</p>
        </div>
        <ChangeText change={coin.change24h} />
      </div>
      <p className="mt-2 text-sm font-bold break-words text-slate-900 tabular-nums sm:text-lg">
        {coin.baseUsd === null ? MISSING_VALUE : formatGhs(convertUsdToGhs(coin.baseUsd, ghsRate))}
      </p>
      <p className="text-xs text-slate-600 tabular-nums sm:text-sm">
        {formatUsd(coin.baseUsd)}
        {coin.isStale && coin.baseUsd !== null && <span className="ml-2 text-xs font-medium text-amber-700">Delayed</span>}
      </p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-2">
        <Sparkline values={coin.history} label={`${coin.name} price over the last updates`} width={72} height={24} />
        <span className="flex gap-3 text-sm font-semibold">
          <Link to={`${paths.buy.getHref()}?coin=${coin.symbol}`} aria-label={`Buy ${coin.name}`}>
            Buy
          </Link>
          <Link to={`${paths.sell.getHref()}?coin=${coin.symbol}`} aria-label={`Sell ${coin.name}`}>
            Sell
          </Link>
        </span>
      </div>
    </li>
  );
}

/** Live market cards of every enabled coin: price in GHS and USD, 24 h change (polled every 60 s). */
export function MarketCards() {
  const market = useMarket();
  const data = market.data;
  const errors = data ? [data.errors.ghs, data.errors.crypto].filter(Boolean) : [];

  return (
    <section aria-labelledby="market-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="market-heading" className="text-lg font-semibold text-slate-900">
          Market
        </h2>
        {data?.feed === 'simulated' && <span className="text-xs font-medium text-amber-700">Simulated prices</span>}
      </div>
      {errors.map((message) => (
        <Alert key={message} variant="warning">
          {message}
        </Alert>
      ))}
      {!data ? (
        market.isError ? (
          <Alert variant="error">Could not load market prices. They will refresh automatically.</Alert>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            Loading prices…
          </p>
        )
      ) : (
        <ul aria-label="Market prices" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3">
          {data.coins.map((coin) => (
            <MarketCard key={coin.symbol} coin={coin} ghsRate={data.ghsRate} />
          ))}
        </ul>
      )}
    </section>
  );
}
