import { z } from 'zod';
import { ALERT_RULES, ZComplianceSettingsUpdate, type TComplianceSettings } from '#shared/contracts/compliance.js';

/**
 * The monitoring settings as the form holds them (text in every box), turned into the PUT body
 * and judged by the API's own contract (ZComplianceSettingsUpdate), so the messages are the
 * server's, on the same fields.
 */
type TNumberField = 'structuringBandPercent' | 'structuringOrderCount' | 'sharedNumberMaxCustomers' | 'retentionYears';

export const ZComplianceSettingsForm = z
  .object({
    largeOrderGhs: z.string(),
    dailyVolumeAlertGhs: z.string(),
    structuringBandPercent: z.string(),
    structuringOrderCount: z.string(),
    sharedNumberMaxCustomers: z.string(),
    retentionYears: z.string(),
    ruleActions: z.object(
      Object.fromEntries(ALERT_RULES.map((rule) => [rule, z.string()])) as Record<(typeof ALERT_RULES)[number], z.ZodString>,
    ),
  })
  .transform((values) => {
    const number = (field: TNumberField) => (values[field].trim() === '' ? Number.NaN : Number(values[field]));
    return {
      ...values,
      structuringBandPercent: number('structuringBandPercent'),
      structuringOrderCount: number('structuringOrderCount'),
      sharedNumberMaxCustomers: number('sharedNumberMaxCustomers'),
      retentionYears: number('retentionYears'),
    };
  })
  .pipe(ZComplianceSettingsUpdate);

export type TComplianceSettingsFormValues = z.input<typeof ZComplianceSettingsForm>;

/** The saved settings as the form shows them; amounts without trailing '.00'. */
export function toSettingsFormValues(settings: TComplianceSettings): TComplianceSettingsFormValues {
  const amount = (value: string) => value.replace(/\.00$/, '');
  return {
    largeOrderGhs: amount(settings.largeOrderGhs),
    dailyVolumeAlertGhs: amount(settings.dailyVolumeAlertGhs),
    structuringBandPercent: String(settings.structuringBandPercent),
    structuringOrderCount: String(settings.structuringOrderCount),
    sharedNumberMaxCustomers: String(settings.sharedNumberMaxCustomers),
    retentionYears: String(settings.retentionYears),
    ruleActions: { ...settings.ruleActions },
  };
}
