import { formatDecimal, formatGhs, formatUsd } from '#shared/format.js';

/**
 * A ledger amount in its asset, exactly as the ledger holds it (no rounding: a wallet's balance
 * may have more decimals than a quote shows): cedis and dollars with at least 2 decimals
 * ('GHS 4,053.50'), coins with their symbol ('0.5009915 BTC').
 */
export function formatLedgerAmount(value: string, asset: string): string {
  const decimals = (value.split('.')[1] ?? '').length;
  if (asset === 'GHS' && decimals <= 2) return formatGhs(value);
  if (asset === 'USD' && decimals <= 2) return formatUsd(value);
  return `${formatDecimal(value, decimals)} ${asset}`;
}

/** What a coverage row is about: a coin on its network, or the cedi accounts together. */
export function coverageLabel(row: { asset: string; network: string | null }): string {
  if (row.network === null) return row.asset === 'GHS' ? 'Cedis (MoMo wallets and bank accounts)' : row.asset;
  return `${row.asset} on ${row.network}`;
}
