/**
 * The service fee's default and display, with no dependencies: the landing page reads them and
 * must stay light (money.ts, with decimal.js, re-exports the default).
 */

/** docs/product.md §9: the fee when Settings leave it empty. */
export const DEFAULT_SERVICE_FEE_PERCENTAGE = '2.5';

/** A fee percentage as people read it: '2.50' -> '2.5%', '3.000' -> '3%', '0.75' -> '0.75%'. */
export function formatFeePercentage(value: string): string {
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  return `${trimmed}%`;
}

/** Twice a fee percentage, as people read it: '2.5' -> '5%', '1.25' -> '2.5%'. */
export function formatDoubleFeePercentage(value: string): string {
  const doubled = (Number(value) * 2).toFixed(4);
  return formatFeePercentage(Number.isFinite(Number(doubled)) ? doubled : value);
}

/**
 * The real spread (docs/product.md §9: buy = market × (1 + fee), sell = market × (1 − fee)), in
 * one sentence for the landing page, the FAQ and the quote: a coin's buy and sell prices are
 * twice the fee apart. `fee` as stored ('2.5', '2.50').
 */
export function feeSpreadText(fee: string): string {
  const label = formatFeePercentage(fee);
  return `You buy at the market price plus ${label} and sell at the market price minus ${label}, so a coin’s buy and sell prices differ by ${formatDoubleFeePercentage(fee)} of the market price.`;
}
