import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.js';

export const MARKET_TABLE_CAPTION = 'Live market prices';
/** docs/product.md §2: the landing page shows the first 6 enabled coins. */
export const LANDING_COIN_COUNT = 6;

/**
 * Column visibility, mobile first. Below sm (360 px phones) only coin, GHS price (with the USD
 * price under it) and 24 h change are shown, so the page never scrolls sideways; the sparkline
 * column appears from sm and the separate USD column from md.
 */
export const COLUMN = {
  cell: 'px-2 py-3 sm:px-4 align-middle',
  usd: 'hidden md:table-cell',
  sparkline: 'hidden sm:table-cell',
} as const;

/** The market <table> with its caption and header row; the body comes from the caller. */
export function MarketTableFrame({ isBusy = false, children }: { isBusy?: boolean; children: ReactNode }) {
  return (
    <div className="w-full rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm" aria-busy={isBusy || undefined}>
        <caption className="sr-only">{MARKET_TABLE_CAPTION}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className={cn(COLUMN.cell, 'font-semibold')}>
              Coin
            </th>
            <th scope="col" className={cn(COLUMN.cell, 'text-right font-semibold')}>
              Price (GHS)
            </th>
            <th scope="col" className={cn(COLUMN.cell, COLUMN.usd, 'text-right font-semibold')}>
              Price (USD)
            </th>
            <th scope="col" className={cn(COLUMN.cell, 'text-right font-semibold')}>
              24h
            </th>
            <th scope="col" className={cn(COLUMN.cell, COLUMN.sparkline, 'text-right font-semibold')}>
              Trend
            </th>
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

function Bar({ className }: { className: string }) {
  return <span className={cn('block h-3 animate-pulse rounded bg-slate-200', className)} />;
}

/** Placeholder rows while the first prices load (no cached data yet). */
export function MarketTableSkeleton({ rows = LANDING_COIN_COUNT }: { rows?: number }) {
  return (
    <MarketTableFrame isBusy>
      <tbody className="divide-y divide-slate-100" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <tr key={index}>
            <td className={COLUMN.cell}>
              <Bar className="w-20" />
              <Bar className="mt-2 w-10" />
            </td>
            <td className={COLUMN.cell}>
              <Bar className="ml-auto w-24" />
            </td>
            <td className={cn(COLUMN.cell, COLUMN.usd)}>
              <Bar className="ml-auto w-20" />
            </td>
            <td className={COLUMN.cell}>
              <Bar className="ml-auto w-12" />
            </td>
            <td className={cn(COLUMN.cell, COLUMN.sparkline)}>
              <Bar className="ml-auto h-6 w-24" />
            </td>
          </tr>
        ))}
      </tbody>
    </MarketTableFrame>
  );
}
