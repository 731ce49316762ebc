import type { TAdminOrderDetail } from '#shared/contracts/orders.js';
import { TIER_MSG } from '#shared/contracts/tiers.js';
import { formatUsd, MISSING_VALUE } from '#shared/format.js';

/**
 * Order Details' "Remaining limit" (docs/decisions/016): at Tier 0 the USD left of its limit; at
 * Tiers 1 and 2 the tier and the GHS left today and this month, as the server computed them when
 * the order was opened.
 */
export function remainingLimitText(customer: TAdminOrderDetail['customer']): string {
  if (customer.tier === 0) return customer.remainingLimitUsd === null ? MISSING_VALUE : formatUsd(customer.remainingLimitUsd);
  if (customer.leftTodayGhs === null || customer.leftThisMonthGhs === null) return MISSING_VALUE;
  return TIER_MSG.leftSummary(customer.tier, customer.leftTodayGhs, customer.leftThisMonthGhs);
}
