import { z } from 'zod';
import { ZSettingsUpdate } from '#shared/contracts/admin.js';
import { checkTierLimitOrder, ZTierLimitUpdate } from '#shared/contracts/tiers.js';
import { normalizeDecimal } from '#shared/money.js';
import type { TSettings } from './api/settings';

/** What the form holds: the settings as text, and the write-only SMTP password with its removal. */
export type TSettingsFormValues = {
  notificationEmail: string;
  serviceFeePercentage: string;
  smtpHost: string;
  smtpPort: string;
  smtpSecure: boolean;
  smtpUser: string;
  smtpPassword: string;
  removePassword: boolean;
  /** Minutes to pay (buy) and to send (sell) after creating an order (docs/decisions/014). */
  paymentWindowMinutes: string;
  depositWindowMinutes: string;
  /** GHS; the maximum empty means none. */
  minOrderGhs: string;
  maxOrderGhs: string;
  /** The verification tiers' limits (docs/decisions/016): Tier 0 in USD, Tiers 1 and 2 per day and month in GHS. */
  tier0LimitUsd: string;
  tier1DailyLimitGhs: string;
  tier1MonthlyLimitGhs: string;
  tier2DailyLimitGhs: string;
  tier2MonthlyLimitGhs: string;
  /** Hours without a person's request after which a customer session ends (docs/decisions/020). */
  customerIdleHours: string;
  claimMinutes: string;
  destinationCoolingOffHours: string;
  /** GHS: above it two people handle an order (docs/decisions/038). */
  twoPeopleAboveGhs: string;
};

/** '2.50' from the database is shown as '2.5'. */
function formatFee(value: string): string {
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : value;
}

/** '10.00' from the database is shown as '10' (decimal, never a float). */
function formatGhsSetting(value: string | null): string {
  if (value === null) return '';
  try {
    return normalizeDecimal(value);
  } catch {
    return value;
  }
}

export function toFormValues(settings: TSettings): TSettingsFormValues {
  return {
    notificationEmail: settings.notificationEmail ?? '',
    serviceFeePercentage: formatFee(settings.serviceFeePercentage),
    smtpHost: settings.smtpHost ?? '',
    smtpPort: settings.smtpPort === null ? '' : String(settings.smtpPort),
    smtpSecure: settings.smtpSecure,
    smtpUser: settings.smtpUser ?? '',
    smtpPassword: '',
    removePassword: false,
    paymentWindowMinutes: String(settings.paymentWindowMinutes),
    depositWindowMinutes: String(settings.depositWindowMinutes),
    minOrderGhs: formatGhsSetting(settings.minOrderGhs),
    maxOrderGhs: formatGhsSetting(settings.maxOrderGhs),
    tier0LimitUsd: formatGhsSetting(settings.tier0LimitUsd),
    tier1DailyLimitGhs: formatGhsSetting(settings.tier1DailyLimitGhs),
    tier1MonthlyLimitGhs: formatGhsSetting(settings.tier1MonthlyLimitGhs),
    tier2DailyLimitGhs: formatGhsSetting(settings.tier2DailyLimitGhs),
    tier2MonthlyLimitGhs: formatGhsSetting(settings.tier2MonthlyLimitGhs),
    customerIdleHours: String(settings.customerIdleHours),
    claimMinutes: String(settings.claimMinutes),
    destinationCoolingOffHours: String(settings.destinationCoolingOffHours),
    twoPeopleAboveGhs: formatGhsSetting(settings.twoPeopleAboveGhs),
  };
}

const TIER_LIMIT_FIELDS = [
  'tier0LimitUsd',
  'tier1DailyLimitGhs',
  'tier1MonthlyLimitGhs',
  'tier2DailyLimitGhs',
  'tier2MonthlyLimitGhs',
] as const;

/** '' is no port; anything but 1 to 5 digits is NaN, which the contract refuses with its message. */
function toPort(raw: string): number | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  return /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Whole minutes (or hours); anything else (empty included: a window is required) is NaN, refused with the contract's message. */
function toMinutes(raw: string): number {
  const trimmed = raw.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The form's values to the PUT body (docs/product.md §5: port and fee converted to numbers, fee
 * empty means 2.5; docs/decisions/014: the windows in whole minutes, the order limits in GHS, an
 * empty maximum is none), then judged by the API's own contract, so a field shows the message the
 * server would answer. The password is sent only when typed (a new one) or when removal was asked.
 */
export const ZSettingsForm = z
  .object({
    notificationEmail: z.string(),
    serviceFeePercentage: z.string(),
    smtpHost: z.string(),
    smtpPort: z.string(),
    smtpSecure: z.boolean(),
    smtpUser: z.string(),
    smtpPassword: z.string(),
    removePassword: z.boolean(),
    paymentWindowMinutes: z.string(),
    depositWindowMinutes: z.string(),
    minOrderGhs: z.string(),
    maxOrderGhs: z.string(),
    tier0LimitUsd: z.string(),
    tier1DailyLimitGhs: z.string(),
    tier1MonthlyLimitGhs: z.string(),
    tier2DailyLimitGhs: z.string(),
    tier2MonthlyLimitGhs: z.string(),
    customerIdleHours: z.string(),
    claimMinutes: z.string(),
    destinationCoolingOffHours: z.string(),
    twoPeopleAboveGhs: z.string(),
  })
  .transform(({ smtpPassword, removePassword, ...values }): z.input<typeof ZSettingsUpdate> => ({
    notificationEmail: values.notificationEmail.trim(),
    serviceFeePercentage: values.serviceFeePercentage.trim(),
    smtpHost: values.smtpHost.trim() || null,
    smtpPort: toPort(values.smtpPort),
    smtpSecure: values.smtpSecure,
    smtpUser: values.smtpUser.trim() || null,
    paymentWindowMinutes: toMinutes(values.paymentWindowMinutes),
    depositWindowMinutes: toMinutes(values.depositWindowMinutes),
    minOrderGhs: values.minOrderGhs.trim(),
    maxOrderGhs: values.maxOrderGhs.trim() || null,
    tier0LimitUsd: values.tier0LimitUsd.trim(),
    tier1DailyLimitGhs: values.tier1DailyLimitGhs.trim(),
    tier1MonthlyLimitGhs: values.tier1MonthlyLimitGhs.trim(),
    tier2DailyLimitGhs: values.tier2DailyLimitGhs.trim(),
    tier2MonthlyLimitGhs: values.tier2MonthlyLimitGhs.trim(),
    customerIdleHours: toMinutes(values.customerIdleHours),
    claimMinutes: toMinutes(values.claimMinutes),
    destinationCoolingOffHours: toMinutes(values.destinationCoolingOffHours),
    twoPeopleAboveGhs: values.twoPeopleAboveGhs.trim(),
    ...(removePassword ? { smtpPassword: '' } : smtpPassword ? { smtpPassword } : {}),
  }))
  .pipe(ZSettingsUpdate)
  .superRefine((update, ctx) => {
    // The tier limits grow from day to month and from Tier 1 to Tier 2 (the server's own check),
    // judged once each is a valid amount.
    const limits = Object.fromEntries(TIER_LIMIT_FIELDS.map((key) => [key, update[key] ?? '']));
    if (!ZTierLimitUpdate.required().safeParse(limits).success) return;
    const { tier0LimitUsd: _usd, ...ghs } = limits as Record<(typeof TIER_LIMIT_FIELDS)[number], string>;
    for (const [field, message] of Object.entries(checkTierLimitOrder(ghs))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
