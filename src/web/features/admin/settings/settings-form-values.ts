import { z } from 'zod';
import { ZSettingsUpdate } from '#shared/contracts/admin.js';
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
  };
}

/** '' is no port; anything but 1 to 5 digits is NaN, which the contract refuses with its message. */
function toPort(raw: string): number | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  return /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Whole minutes; anything else (empty included: a window is required) is NaN, refused with the contract's message. */
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
    ...(removePassword ? { smtpPassword: '' } : smtpPassword ? { smtpPassword } : {}),
  }))
  .pipe(ZSettingsUpdate);
