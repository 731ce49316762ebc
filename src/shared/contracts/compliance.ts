import { z } from 'zod';
import { ZKycStatus } from './account.js';
import { ZDbIdParams, ZDecimalString, zPage } from './common.js';
import { ZOrder } from './orders.js';
import {
  ALERT_RULE_LABELS,
  ALERT_RULES,
  GHS_SETTING_MSG,
  MONITORING_SETTINGS,
  type TAlertRule,
  type TMonitoringSetting,
} from '#shared/compliance-rules/index.js';

export { ALERT_RULE_LABELS, ALERT_RULES, type TAlertRule };

/*
 * The compliance desk (issue 18, docs/decisions/017-compliance-desk.md): monitoring alerts, notes,
 * suspicious-activity cases with the FIC's 24-hour timer, the case export, and the monitoring
 * settings. The customer is never told about any of it.
 */

export const ALERT_ACTIONS = ['hold', 'flag'] as const;
export const ALERT_STATUSES = ['open', 'cleared', 'escalated'] as const;
export const CASE_STATUSES = ['open', 'filed', 'no_report'] as const;
export type TCaseStatus = (typeof CASE_STATUSES)[number];
export type TAlertAction = (typeof ALERT_ACTIONS)[number];
export type TAlertStatus = (typeof ALERT_STATUSES)[number];

export const CASE_STATUS_LABELS: Record<TCaseStatus, string> = { open: 'Open', filed: 'Filed', no_report: 'No report needed' };
export const ALERT_STATUS_LABELS: Record<TAlertStatus, string> = { open: 'Open', cleared: 'Cleared', escalated: 'Escalated' };
export const ALERT_ACTION_LABELS: Record<TAlertAction, string> = { hold: 'Hold the order', flag: 'Flag only' };

/** The Financial Intelligence Centre expects a suspicious transaction report within 24 hours. */
export const CASE_DUE_HOURS = 24;

export const COMPLIANCE_MSG = {
  onHold: 'This order is on compliance hold. Compliance must clear it before it can be approved.',
  /** A staff cancel while an escalated hold is not released: cancelling would tell the customer (tipping off). */
  underReview: 'This order is under compliance review. Ask the compliance team before cancelling it.',
  holdNotReleasable: 'Only an escalated alert that still holds its order can be released. An open alert is cleared instead.',
  holdReleased: 'Hold released. The order can now be approved or cancelled.',
  alertNotFound: 'Alert not found.',
  caseNotFound: 'Case not found.',
  customerNotFound: 'Customer not found.',
  alertDecided: 'This alert has already been cleared or escalated.',
  caseFiled: 'This case has already been marked filed.',
  noteRequired: 'Write the note.',
  noteTooLong: 'A note is at most 2000 characters.',
  ficReferenceRequired: 'Enter the FIC reference of the report.',
  // A shared-number alert's other accounts (issue 27 point 7, docs/decisions/034).
  sharedNumberAccounts: (number: string) => `Other accounts on ${number}`,
  sharedNumberNoOthers: 'No other account uses this number now.',
  sharedNumberUse: (orders: number, last: string) => `${orders} ${orders === 1 ? 'order' : 'orders'}, last ${last}`,
  retentionYears: 'Enter a whole number of years from 5 to 30 (the law asks for at least 5).',
  ruleAction: 'Choose hold or flag.',
  accountClosed: 'This account is closed already.',
  /** Issue 27 point 5: every one of these decisions needs its reason, kept and audited. */
  clearReasonRequired: 'Write why this alert can be cleared.',
  noReportReasonRequired: 'Write why no report is needed.',
  closeReasonRequired: 'Write why this account is being closed.',
  legalHoldReasonRequired: "Write why this customer's records must be kept.",
  legalHoldAlready: 'This customer is already on legal hold.',
  legalHoldNotSet: 'This customer is not on legal hold.',
  reasonTooLong: 'A reason is at most 2000 characters.',
  caseClosed: 'This case has already ended.',
  overdueCases: (count: number) =>
    count === 1 ? '1 case is past its 24-hour deadline.' : `${count} cases are past their 24-hour deadline.`,
  /** Issue 27 point 2: paid orders still waiting would be left unpaid behind a closed account. */
  openPaidOrders: 'This account has paid orders that are not settled. Approve or refund them before closing the account.',
  cannotCloseStaff: 'Staff accounts are not closed here; remove the admin in Admin Management.',
} as const;

export const ZAlertRule = z.enum(ALERT_RULES);
export const ZAlertAction = z.enum(ALERT_ACTIONS, { error: COMPLIANCE_MSG.ruleAction });
export const ZAlertStatus = z.enum(ALERT_STATUSES);

export const ZAlert = z.object({
  id: z.number(),
  rule: ZAlertRule,
  action: ZAlertAction,
  status: ZAlertStatus,
  /** What the rule saw (amounts, thresholds, the number and its customers). */
  details: z.record(z.string(), z.unknown()),
  orderId: z.number().nullable(),
  caseId: z.number().nullable(),
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** When compliance released the hold of this escalated alert (the case runs on); null while it holds. */
  releasedAt: z.string().nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;

/** The queue: open alerts first, oldest first; filtered by status and rule. */
export const ZAlertQuery = z
  .object({
    /** 'review': what the Compliance menu counts (open alerts, escalated holds not released), the desk's default view (docs/decisions/032). */
    status: z.enum(['review', 'all', ...ALERT_STATUSES]).default('open'),
    rule: z.enum(['all', ...ALERT_RULES]).default('all'),
    page: zPage(1_000_000),
  })
  .strict();
export type TAlertQuery = z.infer<typeof ZAlertQuery>;
export const ZAlertList = z.object({ alerts: z.array(ZAlert), total: z.number(), page: z.number(), pageSize: z.number() });
export type TAlertList = z.infer<typeof ZAlertList>;

export const ZComplianceNote = z.object({
  id: z.number(),
  body: z.string(),
  authorName: z.string().nullable(),
  alertId: z.number().nullable(),
  caseId: z.number().nullable(),
  createdAt: z.string(),
});
export type TComplianceNote = z.infer<typeof ZComplianceNote>;

/** A KYC submission as the desk lists it: which documents there are, never the files themselves. */
export const ZComplianceDocument = z.object({
  id: z.number(),
  idType: z.string(),
  level: z.number(),
  status: z.string(),
  files: z.array(z.string()),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TComplianceDocument = z.infer<typeof ZComplianceDocument>;

export const ZComplianceCustomer = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  tier: z.number(),
  kycStatus: ZKycStatus,
  isBanned: z.boolean(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const ZComplianceCase = z.object({
  id: z.number(),
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  status: z.enum(CASE_STATUSES),
  openedAt: z.string(),
  /** Escalation + 24 hours: when the report to the FIC is due. */
  dueAt: z.string(),
  filedAt: z.string().nullable(),
  ficReference: z.string().nullable(),
  /** Why no report was needed (status 'no_report'). */
  noReportReason: z.string().nullable(),
  /** Open and past its due time: it raises its own alert ('overdue_case'). */
  overdue: z.boolean(),
  alertIds: z.array(z.number()),
  /** The customer's legal hold (docs/decisions/074): their records are kept past the retention period while it lasts. */
  legalHold: z.object({ since: z.string(), reason: z.string() }).nullable(),
});
export type TComplianceCase = z.infer<typeof ZComplianceCase>;

/** One alert with everything the desk decides it on: the customer, their orders, documents, alerts, notes and case. */
/** Another account that used a shared-number alert's number (issue 27 point 7, docs/decisions/034), read from the orders now. */
export const ZSharedNumberAccount = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** How many of its orders carry the number (as payer, payout or staff-recorded number). */
  orders: z.number().int(),
  lastUsedAt: z.string(),
});
export type TSharedNumberAccount = z.infer<typeof ZSharedNumberAccount>;

export const ZAlertDetail = z.object({
  alert: ZAlert,
  customer: ZComplianceCustomer,
  orders: z.array(ZOrder),
  documents: z.array(ZComplianceDocument),
  otherAlerts: z.array(ZAlert),
  notes: z.array(ZComplianceNote),
  case: ZComplianceCase.nullable(),
  /** A shared-number alert's number and every other account on it; null for other rules. */
  sharedNumber: z.object({ number: z.string(), accounts: z.array(ZSharedNumberAccount) }).nullable(),
});
export type TAlertDetail = z.infer<typeof ZAlertDetail>;

export const ZNoteBody = z.string().trim().min(1, COMPLIANCE_MSG.noteRequired).max(2000, COMPLIANCE_MSG.noteTooLong);
export const ZAddNoteRequest = z.object({ body: ZNoteBody }).strict();
/** Escalate, with an optional note kept on the alert. */
export const ZAlertDecisionRequest = z.object({ note: z.union([ZNoteBody, z.literal('')]).optional() }).strict();
export type TAlertDecisionRequest = z.infer<typeof ZAlertDecisionRequest>;
/** A reason the desk writes (issue 27 point 5): required, kept and audited. */
const zReason = (required: string, tooLong: string = COMPLIANCE_MSG.reasonTooLong) =>
  z.string({ error: required }).trim().min(1, required).max(2000, tooLong);
/** Clear: the reason (why the alert needs nothing more) is required and kept as a note on the alert. */
export const ZClearAlertRequest = z.object({ note: zReason(COMPLIANCE_MSG.clearReasonRequired, COMPLIANCE_MSG.noteTooLong) }).strict();
export type TClearAlertRequest = z.infer<typeof ZClearAlertRequest>;
/** Release the hold of an escalated alert: the note (why the order may go ahead) is required and kept. */
export const ZReleaseHoldRequest = z.object({ note: ZNoteBody }).strict();
export type TReleaseHoldRequest = z.infer<typeof ZReleaseHoldRequest>;
/**
 * The count on the Compliance menu item: alerts that need the desk, i.e. open alerts and
 * escalated 'hold' alerts whose hold is not released yet (an order waits on them).
 */
export const ZAlertCount = z.object({ count: z.number() });
export type TAlertCount = z.infer<typeof ZAlertCount>;
export const ZAlertIdParams = ZDbIdParams;
export const ZCaseIdParams = ZDbIdParams;
export const ZAlertResponse = z.object({ alert: ZAlert });
export const ZNoteResponse = z.object({ note: ZComplianceNote });
export const ZEscalateResponse = z.object({ alert: ZAlert, case: ZComplianceCase });

export const ZCaseQuery = z.object({ status: z.enum(['all', ...CASE_STATUSES]).default('open') }).strict();
/** Cases, open ones by due time; `now` is the server's time the timers count from. */
export const ZCaseList = z.object({ cases: z.array(ZComplianceCase), now: z.string() });
export type TCaseList = z.infer<typeof ZCaseList>;
export const ZFileCaseRequest = z.object({ ficReference: z.string().trim().min(1, COMPLIANCE_MSG.ficReferenceRequired).max(100) }).strict();
export type TFileCaseRequest = z.infer<typeof ZFileCaseRequest>;
export const ZCaseResponse = z.object({ case: ZComplianceCase });
/** Ending a case without a report to the FIC: the reason is required, kept and audited. */
export const ZNoReportCaseRequest = z.object({ reason: zReason(COMPLIANCE_MSG.noReportReasonRequired) }).strict();
export type TNoReportCaseRequest = z.infer<typeof ZNoReportCaseRequest>;
/** Placing or lifting a customer's legal hold: why, kept on the customer and the audit entry. */
export const ZLegalHoldRequest = z.object({ reason: zReason(COMPLIANCE_MSG.legalHoldReasonRequired) }).strict();
export type TLegalHoldRequest = z.infer<typeof ZLegalHoldRequest>;
export const ZLegalHoldResponse = z.object({ legalHold: ZComplianceCase.shape.legalHold });
export const legalHoldPath = (userId: string) => `/api/admin/compliance/customers/${encodeURIComponent(userId)}/legal-hold`;
/** Open cases past their 24-hour deadline (the desk's own count). */
export const ZOverdueCaseCount = z.object({ count: z.number() });
/** Closing a customer's account: why, kept on the audit entry. */
export const ZCloseAccountRequest = z.object({ reason: zReason(COMPLIANCE_MSG.closeReasonRequired) }).strict();
export type TCloseAccountRequest = z.infer<typeof ZCloseAccountRequest>;

/** The columns of the case export: one fact per line (section, its record, the field and its value). */
export const CASE_EXPORT_COLUMNS = ['section', 'recordId', 'field', 'value'] as const;
export const complianceCaseExportPath = (id: number) => `/api/admin/compliance/cases/${id}/export`;

const ZGhsThreshold = z
  .string({ error: GHS_SETTING_MSG })
  .trim()
  .regex(/^(?=[\d.]*[1-9])\d{1,12}(\.\d{1,2})?$/, GHS_SETTING_MSG);
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

type TSettingsShape<TGhs, TWhole> = { [S in TMonitoringSetting as S['key']]: S extends { kind: 'ghs' } ? TGhs : TWhole };

/** The rules' settings fields (src/shared/compliance-rules), as read and as written. */
function settingsShape<TGhs, TWhole>(ghs: TGhs, whole: (setting: Extract<TMonitoringSetting, { kind: 'whole' }>) => TWhole) {
  return Object.fromEntries(
    MONITORING_SETTINGS.map((setting) => [setting.key, setting.kind === 'ghs' ? ghs : whole(setting)]),
  ) as TSettingsShape<TGhs, TWhole>;
}

/** Every rule's action, by rule. */
const ruleActionsShape = Object.fromEntries(ALERT_RULES.map((rule) => [rule, ZAlertAction])) as Record<TAlertRule, typeof ZAlertAction>;

/** Monitoring thresholds, what each rule does, and how long records are kept (docs/decisions/017). */
export const ZComplianceSettings = z.object({
  ...settingsShape(ZDecimalString, () => z.number()),
  ruleActions: z.record(ZAlertRule, ZAlertAction),
  retentionYears: z.number(),
});
export type TComplianceSettings = z.infer<typeof ZComplianceSettings>;

export const ZComplianceSettingsUpdate = z
  .object({
    ...settingsShape(ZGhsThreshold, (setting) => wholeNumber(setting.min, setting.max, setting.message)),
    ruleActions: z.object(ruleActionsShape).strict(),
    retentionYears: wholeNumber(5, 30, COMPLIANCE_MSG.retentionYears),
  })
  .strict();
export type TComplianceSettingsUpdate = z.infer<typeof ZComplianceSettingsUpdate>;

/** Which file of an order or a KYC submission an image is (docs/decisions/031). */
export const IMAGE_KINDS = ['payment_proof', 'kyc_front', 'kyc_back', 'kyc_selfie', 'kyc_address_proof'] as const;
export type TImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_KIND_LABELS: Record<TImageKind, string> = {
  payment_proof: 'Payment screenshot',
  kyc_front: 'ID front',
  kyc_back: 'ID back',
  kyc_selfie: 'Selfie with ID',
  kyc_address_proof: 'Proof of address',
};
/** Another order or KYC submission with the same image (issue 27 point 4). */
export const ZSameImage = z.object({
  kind: z.enum(IMAGE_KINDS),
  orderId: z.number().nullable(),
  kycSubmissionId: z.number().nullable(),
  userId: z.string(),
  customerName: z.string(),
  /** The same customer's own other order or submission: shown, never an alert. */
  sameCustomer: z.boolean(),
});
export type TSameImage = z.infer<typeof ZSameImage>;
/** Each image of an order or submission that has a match, with its matches. */
export const ZSameImages = z.object({ images: z.array(z.object({ kind: z.enum(IMAGE_KINDS), matches: z.array(ZSameImage) })) });
export type TSameImages = z.infer<typeof ZSameImages>;
export const SAME_IMAGE_MSG = {
  /** Beside an image: where else it was uploaded. */
  asOrder: (orderId: number, customerName: string) => `Same image as order #${orderId} (customer ${customerName})`,
  asOwnOrder: (orderId: number) => `Same image as order #${orderId} (this customer)`,
  asSubmission: (kind: string, customerName: string) => `Same image as the ${kind.toLowerCase()} of ${customerName}'s KYC submission`,
  asOwnSubmission: (kind: string) => `Same image as the ${kind.toLowerCase()} of this customer's earlier KYC submission`,
} as const;

/** Closing a customer's account (super admin): kept for the retention period, then anonymised. */
export const ZCloseAccountResponse = z.object({ closedAt: z.string() });
