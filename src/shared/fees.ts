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
