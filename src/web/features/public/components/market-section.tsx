import { lazy, Suspense, useEffect, useState } from 'react';
import type { TMarketResponse } from '#shared/contracts/market.js';
import { feeSpreadText, formatFeePercentage } from '#shared/fees.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { useMarket } from '#web/lib/market.js';
import { LANDING_COIN_COUNT, MarketTableSkeleton } from './market-table-frame';

// The table rows need decimal.js for money formatting; they load in their own chunk, started
// as soon as this section mounts, in parallel with the price request.
const loadMarketTable = () => import('./market-table');
const MarketTable = lazy(() => loadMarketTable().then((module) => ({ default: module.MarketTable })));

export const MARKET_MSG = {
  loadFailed: 'Live prices are unavailable right now. Please try again in a moment.',
  refreshFailed: 'Could not refresh prices. Showing the last known prices.',
  stale: 'Some prices are missing or more than 5 minutes old, so they may be out of date.',
  simulated: 'Simulated prices',
} as const;

/** Matches PRICE_STALE_AFTER_MS of the market contract (kept local: no zod import here). */
const STALE_AFTER_MS = 5 * 60 * 1000;

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Accra', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function formatTime(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : timeFormat.format(date);
}

/** Server-flagged stale, or cached data whose newest price is older than 5 minutes by now. */
function isStale(data: TMarketResponse, now: number): boolean {
  if (data.isStale) return true;
  if (!data.lastUpdated) return false;
  const time = new Date(data.lastUpdated).getTime();
  return !Number.isNaN(time) && now - time > STALE_AFTER_MS;
}

export function MarketSection() {
  const market = useMarket();
  const { data } = market;
  // Cached data from an earlier visit has no receive time (0): judge its age from the mount.
  const [mountedAt] = useState(() => Date.now());

  useEffect(() => {
    void loadMarketTable();
  }, []);

  const updatedAt = data?.lastUpdated ? formatTime(data.lastUpdated) : null;
  // Stated once the server said it (the prerendered page does not guess it).
  const fee = data?.serviceFeePercentage;
  const notes: string[] = [];
  if (data) {
    if (data.errors.ghs) notes.push(data.errors.ghs);
    if (data.errors.crypto) notes.push(data.errors.crypto);
    if (isStale(data, market.dataUpdatedAt || mountedAt)) notes.push(MARKET_MSG.stale);
    if (market.isRefetchError) notes.push(MARKET_MSG.refreshFailed);
  }

  return (
    <section aria-labelledby="market-heading" className="container-page py-10 sm:py-14">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="market-heading" className="text-2xl font-bold tracking-tight">
          Live market
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {data?.feed === 'simulated' && <Badge variant="warning">{MARKET_MSG.simulated}</Badge>}
          {updatedAt && data?.lastUpdated && (
            <span>
              Updated <time dateTime={data.lastUpdated}>{updatedAt}</time>
            </span>
          )}
        </div>
      </div>

      {/* Polite: price problems are announced without interrupting. Always mounted so changes are read. */}
      <div
        role="status"
        aria-live="polite"
        className={
          notes.length ? 'mb-4 space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900' : 'sr-only'
        }
      >
        {notes.map((note) => (
          <p key={note}>{note}</p>
        ))}
      </div>

      {data ? (
        <Suspense fallback={<MarketTableSkeleton />}>
          <MarketTable coins={data.coins.slice(0, LANDING_COIN_COUNT)} ghsRate={data.ghsRate} />
        </Suspense>
      ) : market.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{MARKET_MSG.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void market.refetch()} isLoading={market.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <MarketTableSkeleton />
      )}

      {/* The real spread (issue 16): what you buy and sell at, twice the fee apart. */}
      <p className="mt-3 text-xs text-slate-600">
        Price is the market price; Buy and Sell include our {fee ? `${formatFeePercentage(fee)} ` : ''}service fee.{' '}
        {fee && `${feeSpreadText(fee)} `}Prices refresh every minute.
      </p>
    </section>
  );
}
