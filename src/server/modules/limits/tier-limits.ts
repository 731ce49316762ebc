import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { RELEASED_STATUSES } from '#shared/contracts/orders.js';
import {
  accraDayStart,
  accraMonthStart,
  accraNextMonthStart,
  DEFAULT_TIER0_LIMIT_USD,
  TIER_MSG,
  type TLimitResponse,
  type TTier,
  type TTierRequirement,
} from '#shared/contracts/tiers.js';
import { roundFiat, toDecimal } from '#shared/money.js';
import type { TDb, TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { AppError } from '#server/lib/errors.js';
import { readSettingsRow } from '#server/lib/settings-row.js';

/**
 * The limits of each verification tier (docs/decisions/016): Tier 0 the cumulative USD limit of
 * docs/product.md §9, Tiers 1 and 2 a daily and a monthly limit in GHS. All settings.
 */
export type TTierLimits = {
  tier0LimitUsd: string;
  tier1DailyLimitGhs: string;
  tier1MonthlyLimitGhs: string;
  tier2DailyLimitGhs: string;
  tier2MonthlyLimitGhs: string;
};

const DEFAULT_TIER_LIMITS: TTierLimits = {
  tier0LimitUsd: DEFAULT_TIER0_LIMIT_USD,
  tier1DailyLimitGhs: '5000',
  tier1MonthlyLimitGhs: '50000',
  tier2DailyLimitGhs: '100000',
  tier2MonthlyLimitGhs: '1000000',
};

export async function readTierLimits(db: TDb | TTx): Promise<TTierLimits> {
  // In a transaction, the settings row it already read (src/server/lib/settings-row.ts).
  const row = await readSettingsRow(db);
  return row
    ? {
        tier0LimitUsd: row.tier0LimitUsd,
        tier1DailyLimitGhs: row.tier1DailyLimitGhs,
        tier1MonthlyLimitGhs: row.tier1MonthlyLimitGhs,
        tier2DailyLimitGhs: row.tier2DailyLimitGhs,
        tier2MonthlyLimitGhs: row.tier2MonthlyLimitGhs,
      }
    : DEFAULT_TIER_LIMITS;
}

/** The tier stored on the user row, as a tier (anything unexpected counts as 0). */
export function tierOf(value: number): TTier {
  return value === 2 ? 2 : value === 1 ? 1 : 0;
}

/** A tier's GHS limits; null for Tier 0 (its limit is the USD one). */
export function ghsLimitsOf(tier: TTier, limits: TTierLimits): { daily: string; monthly: string } | null {
  if (tier === 1) return { daily: limits.tier1DailyLimitGhs, monthly: limits.tier1MonthlyLimitGhs };
  if (tier === 2) return { daily: limits.tier2DailyLimitGhs, monthly: limits.tier2MonthlyLimitGhs };
  return null;
}

/**
 * The GHS the customer's orders not cancelled or expired came to today and this calendar month,
 * days and months of Africa/Accra (UTC+0, no DST) at `now` (the order clock). Read inside the
 * order's transaction with the customer's row locked, it cannot miss an order being placed.
 */
export async function readUsedGhs(db: TDb | TTx, userId: string, now: Date): Promise<{ today: string; month: string }> {
  const dayStart = accraDayStart(now);
  const row = firstOrThrow(
    await db
      .select({
        month: sql<string>`coalesce(sum(${orders.amountGhs}), 0)::text`,
        today: sql<string>`coalesce(sum(${orders.amountGhs}) filter (where ${orders.createdAt} >= ${dayStart.toISOString()}), 0)::text`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          gte(orders.createdAt, accraMonthStart(now)),
          lt(orders.createdAt, accraNextMonthStart(now)),
          notInArray(orders.status, [...RELEASED_STATUSES]),
        ),
      ),
  );
  return { today: roundFiat(row.today), month: roundFiat(row.month) };
}

function leftOf(limit: string, used: string): string {
  const left = toDecimal(limit).minus(used);
  return roundFiat(left.lt(0) ? 0 : left);
}

/** What is left of a tier's GHS limits after `used`; null for Tier 0 (no GHS limits). */
function leftGhsOf(tierLimits: { daily: string; monthly: string } | null, used: { today: string; month: string }) {
  return tierLimits ? { today: leftOf(tierLimits.daily, used.today), month: leftOf(tierLimits.monthly, used.month) } : null;
}

/**
 * Refuses an order (or a quote) of `amountGhs` that would take a Tier 1 or 2 customer over the
 * daily or the monthly limit, saying how much is left; Tier 0 has its own USD limit. Atomic when
 * called in the order's transaction after the customer's row is locked (place-order.ts).
 */
export async function checkTierLimit(
  db: TDb | TTx,
  input: { userId: string; tier: TTier; amountGhs: string; now: Date; limits?: TTierLimits },
): Promise<void> {
  const limits = input.limits ?? (await readTierLimits(db));
  const tierLimits = ghsLimitsOf(input.tier, limits);
  if (!tierLimits) return;
  const used = await readUsedGhs(db, input.userId, input.now);
  const hint = input.tier === 1 ? ` ${TIER_MSG.raiseTier}` : '';
  const refuse = (message: string) => new AppError('FORBIDDEN', `${message}${hint}`, { fields: { amountFiat: `${message}${hint}` } });
  if (toDecimal(used.today).plus(input.amountGhs).gt(tierLimits.daily)) {
    throw refuse(TIER_MSG.overDailyLimit(leftOf(tierLimits.daily, used.today), tierLimits.daily, input.tier));
  }
  if (toDecimal(used.month).plus(input.amountGhs).gt(tierLimits.monthly)) {
    throw refuse(TIER_MSG.overMonthlyLimit(leftOf(tierLimits.monthly, used.month), tierLimits.monthly, input.tier));
  }
}

/**
 * What a Tier 1 or 2 customer has left today and this month at `now`, in GHS (Order Details for
 * staff: docs/decisions/016); null at Tier 0, whose limit is the USD one.
 */
export async function readLeftGhs(
  db: TDb | TTx,
  input: { userId: string; tier: TTier; now: Date; limits?: TTierLimits },
): Promise<{ today: string; month: string } | null> {
  const tierLimits = ghsLimitsOf(input.tier, input.limits ?? (await readTierLimits(db)));
  return tierLimits ? leftGhsOf(tierLimits, await readUsedGhs(db, input.userId, input.now)) : null;
}

/**
 * What the customer still needs for the next tier (none at Tier 2). A verified phone is asked
 * for at Tier 1 too: customers moved to Tier 1 by migration 0012 may have none, and Tier 2 needs it.
 */
function nextTierOf(tier: TTier, phoneVerified: boolean): TLimitResponse['nextTier'] {
  if (tier === 2) return null;
  if (tier === 1)
    return { tier: 2, needs: phoneVerified ? ['address_proof', 'source_of_funds'] : ['phone', 'address_proof', 'source_of_funds'] };
  const needs: TTierRequirement[] = phoneVerified ? ['identity'] : ['phone', 'identity'];
  return { tier: 1, needs };
}

/**
 * GET /api/orders/limit (docs/decisions/016): the $20 limit of Tier 0 as before, the tier, its
 * GHS limits, what was used and is left today and this month, and what the next tier needs.
 */
export async function getLimitOverview(db: TDb, userId: string, now: Date): Promise<TLimitResponse> {
  const user = firstOrThrow(
    await db
      .select({ tier: users.tier, volume: users.tradingVolumeUsd, phoneVerifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, userId)),
  );
  const limits = await readTierLimits(db);
  const tier = tierOf(user.tier);
  const used = await readUsedGhs(db, userId, now);
  const tierLimits = ghsLimitsOf(tier, limits);
  const remainingUsd = toDecimal(limits.tier0LimitUsd).minus(user.volume);
  const phoneVerified = user.phoneVerifiedAt !== null;
  const left = leftGhsOf(tierLimits, used);
  return {
    isLimited: tier === 0,
    limitUsd: roundFiat(limits.tier0LimitUsd),
    usedUsd: roundFiat(user.volume),
    remainingUsd: roundFiat(remainingUsd.lt(0) ? 0 : remainingUsd),
    tier,
    phoneVerified,
    dailyLimitGhs: tierLimits ? roundFiat(tierLimits.daily) : null,
    monthlyLimitGhs: tierLimits ? roundFiat(tierLimits.monthly) : null,
    usedTodayGhs: used.today,
    usedThisMonthGhs: used.month,
    leftTodayGhs: left?.today ?? null,
    leftThisMonthGhs: left?.month ?? null,
    tiers: ([0, 1, 2] as const).map((t) => {
      const l = ghsLimitsOf(t, limits);
      return { tier: t, dailyLimitGhs: l ? roundFiat(l.daily) : null, monthlyLimitGhs: l ? roundFiat(l.monthly) : null };
    }),
    nextTier: nextTierOf(tier, phoneVerified),
  };
}
