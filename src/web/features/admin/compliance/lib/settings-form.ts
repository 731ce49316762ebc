import { z } from 'zod';
import { MONITORING_SETTINGS, type TMonitoringSetting, type TMonitoringSettingKey } from '#shared/compliance-rules/index.js';
import { ALERT_RULES, ZComplianceSettingsUpdate, type TAlertRule, type TComplianceSettings } from '#shared/contracts/compliance.js';

/**
 * The monitoring settings as the form holds them (text in every box), turned into the PUT body
 * and judged by the API's own contract (ZComplianceSettingsUpdate), so the messages are the
 * server's, on the same fields. The fields are the rules' own (src/shared/compliance-rules).
 */
const textOf = <TKey extends string>(keys: readonly TKey[]) =>
  Object.fromEntries(keys.map((key) => [key, z.string()])) as Record<TKey, z.ZodString>;

/** Whole numbers go to the API as numbers ('' is no number, so the contract's message shows). */
const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export const ZComplianceSettingsForm = z
  .object({
    ...textOf(MONITORING_SETTINGS.map((setting) => setting.key)),
    retentionYears: z.string(),
    ruleActions: z.object(textOf<TAlertRule>(ALERT_RULES)),
  })
  .transform((values) => ({
    ...values,
    ...(Object.fromEntries(
      MONITORING_SETTINGS.filter((setting) => setting.kind === 'whole').map((setting) => [setting.key, asNumber(values[setting.key])]),
    ) as Record<Extract<TMonitoringSetting, { kind: 'whole' }>['key'], number>),
    retentionYears: asNumber(values.retentionYears),
  }))
  .pipe(ZComplianceSettingsUpdate);

export type TComplianceSettingsFormValues = z.input<typeof ZComplianceSettingsForm>;

/** The saved settings as the form shows them; amounts without trailing '.00'. */
export function toSettingsFormValues(settings: TComplianceSettings): TComplianceSettingsFormValues {
  const amount = (value: string) => value.replace(/\.00$/, '');
  return {
    ...(Object.fromEntries(
      MONITORING_SETTINGS.map((setting) => {
        const value = settings[setting.key];
        return [setting.key, typeof value === 'string' ? amount(value) : String(value)];
      }),
    ) as Record<TMonitoringSettingKey, string>),
    retentionYears: String(settings.retentionYears),
    ruleActions: { ...settings.ruleActions },
  };
}
