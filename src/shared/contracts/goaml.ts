import { z } from 'zod';
import { GHS_SETTING_MSG } from '#shared/compliance-rules/index.js';
import { ZDay, ZDecimalString } from './common.js';

/*
 * goAML reports to the FIC (issue 34 point 3, docs/decisions/077-goaml-export.md): a case as a
 * suspicious transaction report (STR) in goAML XML, and the daily large cash transaction report
 * (CSV, and goAML XML with report_code CTR). Both are read by compliance and the super admin; the
 * reporting settings are changed by the super admin only.
 */

export const GOAML_MSG = {
  noEntityId:
    'Enter the FIC reporting entity id in the goAML reporting settings before exporting: goAML reports must name the reporting entity.',
  entityIdFormat: 'Enter the reporting entity id the FIC gave you: a whole number (digits only), or leave it empty.',
  reportNotFound: 'There is no large cash transaction report for that day.',
  noXml: 'That day’s report was produced before the FIC reporting entity id was set, so it has no goAML XML. Use the CSV.',
} as const;

/** The reporting entity id (empty: not set) and the large cash report's threshold in GHS. */
export const ZGoamlSettings = z.object({ ficReportingEntityId: z.string(), largeCashThresholdGhs: ZDecimalString });
export type TGoamlSettings = z.infer<typeof ZGoamlSettings>;

export const ZGoamlSettingsUpdate = z
  .object({
    ficReportingEntityId: z
      .string()
      .trim()
      .regex(/^(|[1-9]\d{0,8})$/, GOAML_MSG.entityIdFormat),
    largeCashThresholdGhs: z
      .string({ error: GHS_SETTING_MSG })
      .trim()
      .regex(/^(?=[\d.]*[1-9])\d{1,12}(\.\d{1,2})?$/, GHS_SETTING_MSG),
  })
  .strict();
export type TGoamlSettingsUpdate = z.infer<typeof ZGoamlSettingsUpdate>;

/** One day's large cash transaction report as the desk lists it. */
export const ZLargeCashReport = z.object({
  day: z.string(),
  thresholdGhs: ZDecimalString,
  orderCount: z.number(),
  totalGhs: ZDecimalString,
  hasXml: z.boolean(),
  createdAt: z.string(),
});
export type TLargeCashReport = z.infer<typeof ZLargeCashReport>;
export const ZLargeCashReportList = z.object({ reports: z.array(ZLargeCashReport) });
export type TLargeCashReportList = z.infer<typeof ZLargeCashReportList>;

export const LARGE_CASH_FORMATS = ['csv', 'xml'] as const;
export const ZLargeCashFileParams = z.object({ day: ZDay, format: z.enum(LARGE_CASH_FORMATS) }).strict();

/** The columns of the large cash report's CSV, one order a line. */
export const LARGE_CASH_COLUMNS = [
  'orderId',
  'createdAt',
  'type',
  'status',
  'coin',
  'network',
  'amountCrypto',
  'amountGhs',
  'customerId',
  'customerName',
  'customerPhone',
  'paymentMethod',
  'paymentAccount',
  'walletAddress',
] as const;

export const GOAML_SETTINGS_PATH = '/api/admin/compliance/goaml-settings';
export const LARGE_CASH_REPORTS_PATH = '/api/admin/compliance/large-cash-reports';
export const caseGoamlPath = (id: number) => `/api/admin/compliance/cases/${id}/goaml`;
export const largeCashFilePath = (day: string, format: (typeof LARGE_CASH_FORMATS)[number]) =>
  `${LARGE_CASH_REPORTS_PATH}/${day}/${format}`;
