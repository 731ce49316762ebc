import { ADMIN_MSG, ZServiceFeePercentage, ZSettingsUpdate } from '#shared/contracts/admin.js';
import type { TSettings, TSettingsUpdate } from './api/settings';

/** What the form edits; the SMTP password is separate and never stored with these. */
export type TSettingsFormValues = {
  notificationEmail: string;
  serviceFeePercentage: string;
  smtpHost: string;
  smtpPort: string;
  smtpSecure: boolean;
  smtpUser: string;
};

export type TSettingsField = keyof TSettingsFormValues | 'smtpPassword';

export const SETTINGS_FIELD_MESSAGES: Record<TSettingsField, string> = {
  notificationEmail: 'Enter a valid email address, or leave it empty.',
  serviceFeePercentage: ADMIN_MSG.serviceFeeRange,
  smtpHost: 'Enter a valid host name.',
  smtpPort: 'Enter a port number from 1 to 65535, or leave it empty.',
  smtpSecure: 'Invalid value.',
  smtpUser: 'Enter a valid username.',
  smtpPassword: 'The password is too long.',
};

/** '2.50' from the database is shown as '2.5'. */
function formatFee(value: string): string {
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : value;
}

export function toFormValues(settings: TSettings): TSettingsFormValues {
  return {
    notificationEmail: settings.notificationEmail ?? '',
    serviceFeePercentage: formatFee(settings.serviceFeePercentage),
    smtpHost: settings.smtpHost ?? '',
    smtpPort: settings.smtpPort === null ? '' : String(settings.smtpPort),
    smtpSecure: settings.smtpSecure,
    smtpUser: settings.smtpUser ?? '',
  };
}

/**
 * The fee as the API takes it ('' for the default 2.5, or 0 to 50 with one decimal), or the
 * contract's message for what is wrong with it: the one the server would answer.
 */
function toFee(raw: string): { fee: string } | { error: string } {
  const parsed = ZServiceFeePercentage.safeParse(raw);
  return parsed.success ? { fee: parsed.data } : { error: parsed.error.issues[0]?.message ?? ADMIN_MSG.serviceFeeRange };
}

/** The message to show on a field: the service fee's own (from the shared contract), else the form's. */
export function fieldMessage(field: TSettingsField, message: string | undefined): string {
  return field === 'serviceFeePercentage' && message ? message : SETTINGS_FIELD_MESSAGES[field];
}

function toPort(raw: string): number | null | undefined {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * The PUT body (docs/product.md §5: port and fee converted to numbers, fee empty means 2.5), or the
 * field errors. The password is sent only when typed (a new one) or when removal was asked for.
 */
export function toSettingsUpdate(
  values: TSettingsFormValues,
  password: { value: string; remove: boolean },
): { update: TSettingsUpdate } | { errors: Partial<Record<TSettingsField, string>> } {
  const errors: Partial<Record<TSettingsField, string>> = {};
  const fee = toFee(values.serviceFeePercentage);
  if ('error' in fee) errors.serviceFeePercentage = fee.error;
  const port = toPort(values.smtpPort);
  if (port === undefined) errors.smtpPort = SETTINGS_FIELD_MESSAGES.smtpPort;

  const candidate: TSettingsUpdate = {
    notificationEmail: values.notificationEmail.trim(),
    serviceFeePercentage: 'fee' in fee ? fee.fee : '',
    smtpHost: values.smtpHost.trim() || null,
    smtpPort: port ?? null,
    smtpSecure: values.smtpSecure,
    smtpUser: values.smtpUser.trim() || null,
  };
  if (password.remove) candidate.smtpPassword = '';
  else if (password.value) candidate.smtpPassword = password.value;

  const parsed = ZSettingsUpdate.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as TSettingsField;
      if (key in SETTINGS_FIELD_MESSAGES && !errors[key]) errors[key] = fieldMessage(key, issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { update: parsed.data };
}
