import { formatUsd } from '#shared/format.js';

/** The Tier 0 limit in USD of docs/product.md §9: the default of the setting tier0LimitUsd. */
export const DEFAULT_TIER0_LIMIT_USD = '20';

/**
 * The Tier 0 limit as the texts state it (docs/decisions/016): '$20' for whole dollars (so at
 * the default every text reads as docs/product.md writes it), '$20.50' otherwise.
 */
export function formatTier0Limit(limitUsd: string): string {
  return formatUsd(limitUsd).replace(/\.00$/, '');
}
