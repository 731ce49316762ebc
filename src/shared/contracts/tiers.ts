import { z } from 'zod';
import { formatGhs, formatUsd } from '#shared/format.js';
import { ZDecimalString } from './common.js';

/**
 * Verification tiers (docs/decisions/016): 0 signed up (the $20 cumulative limit of
 * docs/product.md §9), 1 phone verified and identity approved (daily and monthly limits in GHS),
 * 2 proof of address and source of funds approved (higher limits). Every limit is a setting.
 */
export const TIERS = [0, 1, 2] as const;
export type TTier = (typeof TIERS)[number];
export const ZTier = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export { DEFAULT_TIER0_LIMIT_USD, formatTier0Limit } from '#shared/tier0-limit.js';
import { formatTier0Limit } from '#shared/tier0-limit.js';

/** Days and months of the limits are those of Africa/Accra, which is UTC+0 all year (no DST). */
export function accraDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
export function accraMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
export function accraNextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** What the customer still needs for the next tier, in the order of the verification page's steps. */
export const TIER_REQUIREMENTS = ['phone', 'identity', 'address_proof', 'source_of_funds'] as const;
export type TTierRequirement = (typeof TIER_REQUIREMENTS)[number];

export const TIER_MSG = {
  /** An order (or a quote) over what is left today; `left` and `limit` in GHS. */
  overDailyLimit: (left: string, limit: string, tier: number) =>
    `This order is over your Tier ${tier} daily limit of ${formatGhs(limit)}. You have ${formatGhs(left)} left today.`,
  overMonthlyLimit: (left: string, limit: string, tier: number) =>
    `This order is over your Tier ${tier} monthly limit of ${formatGhs(limit)}. You have ${formatGhs(left)} left this month.`,
  /** What a Tier 1 or 2 customer has left, as staff read it on an order: 'Tier 2: GHS 40,000.00 left today, GHS 940,000.00 left this month'. */
  leftSummary: (tier: number, leftToday: string, leftThisMonth: string) =>
    `Tier ${tier}: ${formatGhs(leftToday)} left today, ${formatGhs(leftThisMonth)} left this month`,
  /** The Tier 0 banner's headline (docs/product.md §4), with the limit of the settings. */
  tier0Limit: (limitUsd: string) => `Your account has a ${formatTier0Limit(limitUsd)} trading limit.`,
  /**
   * A Tier 1 request under review keeps the Tier 0 allowance usable (issue 26 point 11): every
   * screen and the "received" email say this one thing, never that trading is paused.
   */
  underReviewTitle: 'Your documents are under review',
  underReview: 'Review usually takes 24-48 hours.',
  tradeDuringReview: (limitUsd: string) => `You can keep trading within your Tier 0 limit of ${formatTier0Limit(limitUsd)} meanwhile.`,
  /** What is left of the Tier 0 limit, after tradeDuringReview. */
  tier0Left: (remainingUsd: string) => `You have ${formatUsd(remainingUsd)} left.`,
  /** Said after a refusal at Tier 1: how to trade more. */
  raiseTier: 'Verify your address and source of funds (Tier 2) for higher limits.',
  limitPositive: 'Enter an amount in GHS greater than 0 with at most 2 decimals.',
  tier0LimitPositive: 'Enter an amount in USD greater than 0 with at most 2 decimals.',
  monthlyBelowDaily: 'The monthly limit must be at least the daily limit.',
  tier2BelowTier1: 'Tier 2 limits must be at least the Tier 1 limits.',
} as const;

/** A limit of the settings: more than 0, at most 2 decimals. */
const ZLimitAmount = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^(?=[\d.]*[1-9])\d{1,12}(\.\d{1,2})?$/, message);

/** The tier limits as settings show them. */
export const ZTierLimitSettings = z.object({
  tier0LimitUsd: ZDecimalString,
  tier1DailyLimitGhs: ZDecimalString,
  tier1MonthlyLimitGhs: ZDecimalString,
  tier2DailyLimitGhs: ZDecimalString,
  tier2MonthlyLimitGhs: ZDecimalString,
});
export type TTierLimitSettings = z.infer<typeof ZTierLimitSettings>;

/** The tier limits a settings update may carry, each valid on its own (compared in checkTierLimitOrder). */
export const ZTierLimitUpdate = z.object({
  tier0LimitUsd: ZLimitAmount(TIER_MSG.tier0LimitPositive).optional(),
  tier1DailyLimitGhs: ZLimitAmount(TIER_MSG.limitPositive).optional(),
  tier1MonthlyLimitGhs: ZLimitAmount(TIER_MSG.limitPositive).optional(),
  tier2DailyLimitGhs: ZLimitAmount(TIER_MSG.limitPositive).optional(),
  tier2MonthlyLimitGhs: ZLimitAmount(TIER_MSG.limitPositive).optional(),
});
export type TTierLimitUpdate = z.infer<typeof ZTierLimitUpdate>;

/**
 * The limits must grow from day to month and from Tier 1 to Tier 2: the field errors of a full
 * set of limits (the saved ones with the update applied), none when it is consistent. The server
 * and the settings form judge with this one function.
 */
export function checkTierLimitOrder(limits: Omit<TTierLimitSettings, 'tier0LimitUsd'>): Record<string, string> {
  const n = (v: string) => Number(v);
  const errors: Record<string, string> = {};
  if (n(limits.tier1MonthlyLimitGhs) < n(limits.tier1DailyLimitGhs)) errors.tier1MonthlyLimitGhs = TIER_MSG.monthlyBelowDaily;
  if (n(limits.tier2MonthlyLimitGhs) < n(limits.tier2DailyLimitGhs)) errors.tier2MonthlyLimitGhs = TIER_MSG.monthlyBelowDaily;
  if (n(limits.tier2DailyLimitGhs) < n(limits.tier1DailyLimitGhs)) errors.tier2DailyLimitGhs ??= TIER_MSG.tier2BelowTier1;
  if (n(limits.tier2MonthlyLimitGhs) < n(limits.tier1MonthlyLimitGhs)) errors.tier2MonthlyLimitGhs ??= TIER_MSG.tier2BelowTier1;
  return errors;
}

/**
 * GET /api/orders/limit. The first four fields are the $20 limit of Tier 0 as before (isLimited:
 * the customer is at Tier 0). The rest: the tier, its GHS limits, what the customer's orders not
 * cancelled or expired used today and this calendar month (Africa/Accra = UTC), what is left, the
 * limits of every tier, and what the next tier needs (null at Tier 2).
 */
export const ZLimitResponse = z.object({
  isLimited: z.boolean(),
  limitUsd: ZDecimalString,
  usedUsd: ZDecimalString,
  remainingUsd: ZDecimalString,
  tier: ZTier,
  phoneVerified: z.boolean(),
  /** Null at Tier 0 (its limit is the USD one above). */
  dailyLimitGhs: ZDecimalString.nullable(),
  monthlyLimitGhs: ZDecimalString.nullable(),
  usedTodayGhs: ZDecimalString,
  usedThisMonthGhs: ZDecimalString,
  leftTodayGhs: ZDecimalString.nullable(),
  leftThisMonthGhs: ZDecimalString.nullable(),
  tiers: z.array(z.object({ tier: ZTier, dailyLimitGhs: ZDecimalString.nullable(), monthlyLimitGhs: ZDecimalString.nullable() })),
  nextTier: z.object({ tier: ZTier, needs: z.array(z.enum(TIER_REQUIREMENTS)) }).nullable(),
});
export type TLimitResponse = z.infer<typeof ZLimitResponse>;
