import { z } from 'zod';
import { isGhanaMobileNumber } from '#shared/wallet-address.js';
import { ZProfile } from './account.js';
import { ZDay, ZDbIdParams, ZDecimalString, zPage } from './common.js';
import type { TNetworkId } from '#shared/networks.js';
import { MOMO_PROVIDERS, ZOrder } from './orders.js';
import { ZTierLimitSettings, ZTierLimitUpdate } from './tiers.js';
import { CUSTOMER_IDLE_HOURS_MAX, CUSTOMER_IDLE_HOURS_MIN, IDLE_MSG } from '#shared/session-activity.js';

export const ADMIN_MSG = {
  banReasonRequired: 'Write why this account is being banned.',
  banReasonTooLong: 'A reason is at most 500 characters.',
  genericError: 'An error occurred.',
  methodUpdated: 'Method updated!',
  methodAdded: 'Method added!',
  methodToggled: (name: string, isEnabled: boolean) => `${name} ${isEnabled ? 'enabled' : 'disabled'}.`,
  methodDeleted: 'Method deleted.',
  methodInUse: 'This payment method has statements or SMS forwarder phones on record, so it cannot be deleted. Turn it off instead.',
  methodNotFound: 'Payment method not found.',
  responseUpdated: 'Response updated!',
  responseAdded: 'Response added!',
  responseDeleted: 'Response deleted.',
  responseNotFound: 'Canned response not found.',
  titleRequired: 'Title is required.',
  messageRequired: 'Message is required.',
  settingsSaved: 'Settings saved successfully!',
  settingsFailed: 'Failed to save settings.',
  coinNotFound: 'Coin not found.',
  invalidWallet: (name: string) => `Enter a valid ${name} wallet address.`,
  invalidDepositAddress: (coin: string, network: string) => `Enter a valid ${coin} address on ${network}.`,
  fieldRequired: 'This field is required.',
  invalidMobile: 'Enter a valid Ghana mobile number.',
  cannotBanStaff: 'Staff accounts cannot be banned here.',
  alreadyBanned: 'This user is already banned. Nothing was changed.',
  notBanned: 'This user is not banned. Nothing was changed.',
  accountClosed: 'This account is closed and cannot be reopened. Its records are kept for the retention period.',
  unsavedTitle: 'Leave without saving?',
  unsavedDepositAddresses: 'You have deposit address changes that are not saved. If you leave this page, they are lost.',
  unsavedStay: 'Stay on this page',
  unsavedLeave: 'Leave without saving',
  serviceFeeRange: 'The service fee must be between 0 and 50%.',
  serviceFeeFormat: 'The service fee must be a number with at most one decimal, e.g. 2.5.',
} as const;

/** The service fee the settings take, in percent (docs/product.md §2: step 0.1; the contract: 0 to 50). */
export const SERVICE_FEE_MAX_PERCENT = 50;

/**
 * The service fee as the settings form sends it: '' (the default, 2.5) or a percentage from 0 to
 * 50 with at most one decimal. Shared by the server and the settings form (same messages).
 */
export const ZServiceFeePercentage = z
  .string()
  .trim()
  .max(12, ADMIN_MSG.serviceFeeFormat)
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (!/^-?\d+(\.\d+)?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.serviceFeeFormat });
    } else if (Number(value) < 0 || Number(value) > SERVICE_FEE_MAX_PERCENT) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.serviceFeeRange });
    } else if (!/^\d+(\.\d)?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.serviceFeeFormat });
    }
  });

// --- payment methods ---
/** The fields of each kind of method; the API takes them strictly, the form as it holds them. */
export const PAYMENT_DETAILS_SHAPES = {
  momo: {
    type: z.literal('momo'),
    provider: z.enum(MOMO_PROVIDERS),
    name: z.string().trim().min(1, ADMIN_MSG.fieldRequired).max(100),
    number: z.string().trim().refine(isGhanaMobileNumber, ADMIN_MSG.invalidMobile),
  },
  bank: {
    type: z.literal('bank'),
    name: z.string().trim().min(1, ADMIN_MSG.fieldRequired).max(100),
    bankName: z.string().trim().min(1, ADMIN_MSG.fieldRequired).max(100),
    accountNumber: z.string().trim().min(1, ADMIN_MSG.fieldRequired).max(40),
  },
} as const;
export const ZPaymentMethodDetails = z.discriminatedUnion('type', [
  z.object(PAYMENT_DETAILS_SHAPES.momo).strict(),
  z.object(PAYMENT_DETAILS_SHAPES.bank).strict(),
]);
export const ZPaymentMethodName = z.string().trim().min(1, ADMIN_MSG.fieldRequired).max(100);
export const ZPaymentMethodInput = z.object({ name: ZPaymentMethodName, details: ZPaymentMethodDetails }).strict();
export const ZPaymentMethodToggle = z.object({ isEnabled: z.boolean() }).strict();
export const ZAdminPaymentMethod = z.object({ id: z.number(), name: z.string(), isEnabled: z.boolean(), details: ZPaymentMethodDetails });
export const ZAdminPaymentMethodList = z.object({ paymentMethods: z.array(ZAdminPaymentMethod) });
export const ZAdminPaymentMethodResponse = z.object({ paymentMethod: ZAdminPaymentMethod });
export type TPaymentMethodInput = z.infer<typeof ZPaymentMethodInput>;
export type TAdminPaymentMethod = z.infer<typeof ZAdminPaymentMethod>;

// --- coins ---
/**
 * A watch-only key in force on a coin's network (issue 32 point 1, docs/decisions/056): the key,
 * its fingerprint, the next receive index it gives, and how many addresses in a row were given to
 * orders that were not paid (a wallet app stops looking after GAP_LIMIT).
 */
export const ZDepositKeyInForce = z.object({
  extendedKey: z.string(),
  fingerprint: z.string(),
  nextIndex: z.number().int(),
  unusedInARow: z.number().int(),
});
/** A coin in Currencies: whether it trades, and its deposit address on each of its networks (docs/decisions/014). */
export const ZAdminCoin = z.object({
  id: z.number(),
  symbol: z.string(),
  name: z.string(),
  isEnabled: z.boolean(),
  networks: z.array(
    z.object({
      network: z.string(),
      label: z.string(),
      decimals: z.number(),
      hasTag: z.boolean(),
      depositAddress: z.string().nullable(),
      /** Whether this network may give each sell its own address from a watch-only key (docs/decisions/056). */
      takesKey: z.boolean(),
      depositKey: ZDepositKeyInForce.nullable(),
    }),
  ),
});
export const ZAdminCoinList = z.object({ coins: z.array(ZAdminCoin) });
/**
 * Deposit addresses by network id (only the networks named change; '' or null removes one),
 * and whether the coin trades. Each address is checked for its network.
 */
const ZDepositAddress = z.string().trim().max(120).nullable().optional();
const ZDepositKey = z.string().trim().max(200).nullable().optional();
export const ZCoinUpdate = z
  .object({
    depositAddresses: z
      .object({
        BTC: ZDepositAddress,
        ERC20: ZDepositAddress,
        TRC20: ZDepositAddress,
        BEP20: ZDepositAddress,
        LTC: ZDepositAddress,
        XRP: ZDepositAddress,
        ADA: ZDepositAddress,
        SOL: ZDepositAddress,
        DOGE: ZDepositAddress,
      } satisfies Record<TNetworkId, typeof ZDepositAddress>)
      .strict()
      .optional(),
    /** Watch-only account keys by network ('' or null removes one); only networks that take keys accept one. */
    depositKeys: z
      .object({
        BTC: ZDepositKey,
        ERC20: ZDepositKey,
        TRC20: ZDepositKey,
        BEP20: ZDepositKey,
        LTC: ZDepositKey,
        XRP: ZDepositKey,
        ADA: ZDepositKey,
        SOL: ZDepositKey,
        DOGE: ZDepositKey,
      } satisfies Record<TNetworkId, typeof ZDepositKey>)
      .strict()
      .optional(),
    isEnabled: z.boolean().optional(),
  })
  .strict();
export const ZAdminCoinResponse = z.object({ coin: ZAdminCoin });
/** POST /api/admin/coins/:id/deposit-key-preview: the key a form holds, checked and previewed before it is saved. */
export const ZDepositKeyPreviewRequest = z
  .object({ network: z.string().trim().min(1).max(20), extendedKey: z.string().trim().min(1).max(200) })
  .strict();
export const ZDepositKeyPreview = z.object({
  /** The first receive addresses (m/…/0/0, 0/1, 0/2), to compare with the wallet app's. */
  addresses: z.array(z.string()),
  fingerprint: z.string(),
  prefix: z.string(),
  /** The derivation, in words: "m/84'/0'/0'/0/i, native SegWit (bc1q…)". */
  scheme: z.string(),
});
export type TDepositKeyPreview = z.infer<typeof ZDepositKeyPreview>;
export type TAdminCoin = z.infer<typeof ZAdminCoin>;
export type TCoinUpdate = z.infer<typeof ZCoinUpdate>;

// --- canned responses ---
export const ZCannedResponseInput = z
  .object({
    title: z.string().trim().min(1, ADMIN_MSG.titleRequired).max(100),
    message: z.string().trim().min(1, ADMIN_MSG.messageRequired).max(2000),
  })
  .strict();
export const ZCannedResponse = z.object({ id: z.number(), title: z.string(), message: z.string() });
export const ZCannedResponseList = z.object({ cannedResponses: z.array(ZCannedResponse) });
export const ZCannedResponseResponse = z.object({ cannedResponse: ZCannedResponse });
export type TCannedResponseInput = z.infer<typeof ZCannedResponseInput>;
export type TCannedResponse = z.infer<typeof ZCannedResponse>;

// --- email log ---
/**
 * `status=undelivered` (issue 27 point 7, docs/decisions/033): only the emails that did not go
 * out: failed for good, skipped (no SMTP settings), or waiting for another try after a failed one.
 * The dashboard's warning links here.
 */
export const EMAIL_LOG_FILTERS = ['undelivered'] as const;
export const ZEmailLogQuery = z.object({ page: zPage(100_000), status: z.enum(EMAIL_LOG_FILTERS).optional() }).strict();
export const ZEmailLogItem = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'skipped']),
});
export const ZEmailLogList = z.object({ emails: z.array(ZEmailLogItem), total: z.number(), page: z.number(), pageSize: z.number() });
/**
 * One email. `body` is the HTML as logged, with the tokens of password-reset and invitation links
 * masked (decisions/013 D15); `maskedSecrets` counts them. A super admin's reveal answers the same shape, unmasked.
 */
export const ZEmailLogDetail = ZEmailLogItem.extend({
  body: z.string(),
  lastError: z.string().nullable(),
  maskedSecrets: z.number().int(),
});

export const EMAIL_LOG_MSG = {
  reasonLength: 'Give a reason of 10 to 500 characters.',
  masked: 'The token of the link in this email is hidden: with it, anyone could set this person’s password.',
  revealed: 'Shown unmasked for this view only. Your reason is in the audit log.',
} as const;
/** Why a super admin reveals a masked link: written to the audit log with the reveal. */
export const ZEmailRevealRequest = z
  .object({
    reason: z
      .string({ message: EMAIL_LOG_MSG.reasonLength })
      .trim()
      .min(10, EMAIL_LOG_MSG.reasonLength)
      .max(500, EMAIL_LOG_MSG.reasonLength),
  })
  .strict();
export type TEmailRevealRequest = z.infer<typeof ZEmailRevealRequest>;
export type TEmailLogQuery = z.infer<typeof ZEmailLogQuery>;
export type TEmailLogList = z.infer<typeof ZEmailLogList>;
export type TEmailLogDetail = z.infer<typeof ZEmailLogDetail>;

// --- settings (decisions/013 D5: the SMTP password is write-only) ---
export const ZSettings = z.object({
  notificationEmail: z.string().nullable(),
  serviceFeePercentage: ZDecimalString,
  smtpHost: z.string().nullable(),
  smtpPort: z.number().nullable(),
  smtpSecure: z.boolean(),
  smtpUser: z.string().nullable(),
  /** Whether a password is stored (or supplied by SMTP_PASS); the password itself is never returned. */
  hasSmtpPassword: z.boolean(),
  isSmtpPasswordFromEnv: z.boolean(),
  /** Minutes a buyer has to pay, and a seller to send, after creating an order (docs/decisions/014). */
  paymentWindowMinutes: z.number(),
  depositWindowMinutes: z.number(),
  /** The smallest and largest order, GHS (null: no maximum). */
  minOrderGhs: ZDecimalString,
  maxOrderGhs: ZDecimalString.nullable(),
  /** The limits of the verification tiers (docs/decisions/016). */
  ...ZTierLimitSettings.shape,
  /** A customer session ends after this many hours without a person's request (docs/decisions/020). */
  customerIdleHours: z.number(),
  /** How long a claim on a paid order lasts, minutes (issue 27 point 1, docs/decisions/029). */
  claimMinutes: z.number(),
  /** A change of where money goes that no other admin can approve takes effect after this many hours (docs/decisions/030). */
  destinationCoolingOffHours: z.number(),
  /** Above this many cedis two people handle an order: who confirms the payment does not pay it out (docs/decisions/038). */
  twoPeopleAboveGhs: ZDecimalString,
});
export type TSettings = z.infer<typeof ZSettings>;
export const SETTINGS_MSG = {
  notificationEmail: 'Enter a valid email address, or leave it empty.',
  smtpHost: 'Enter a valid host name.',
  smtpPort: 'Enter a port number from 1 to 65535, or leave it empty.',
  smtpUser: 'Enter a valid username.',
  smtpPassword: 'The password is too long.',
  paymentWindow: `Enter a number of minutes from ${5} to ${24 * 60}.`,
  minOrder: 'Enter the minimum order in GHS, from 1 with at most 2 decimals.',
  maxOrder: 'Enter the maximum order in GHS with at most 2 decimals, or leave it empty for no maximum.',
  maxBelowMin: 'The maximum order must be at least the minimum order.',
  claimMinutes: `Enter whole minutes from ${2} to ${120}.`,
  destinationCoolingOffHours: 'Enter a number of hours from 1 to 168.',
  twoPeopleAboveGhs: 'Enter the amount in GHS, from 1 with at most 2 decimals.',
} as const;

/** The length of a claim on a paid order the settings take, minutes (docs/decisions/029). */
export const CLAIM_MINUTES = { min: 2, max: 120 } as const;

/** Issue 27 point 3 (docs/decisions/030): hours before a change of a destination no other admin can approve takes effect. */
export const DESTINATION_COOLING_OFF_HOURS = { min: 1, max: 168 } as const;

/** The payment and deposit windows the settings take, minutes. */
export const WINDOW_MINUTES = { min: 5, max: 24 * 60 } as const;
const ZWindowMinutes = z
  .number({ error: SETTINGS_MSG.paymentWindow })
  .int(SETTINGS_MSG.paymentWindow)
  .min(WINDOW_MINUTES.min, SETTINGS_MSG.paymentWindow)
  .max(WINDOW_MINUTES.max, SETTINGS_MSG.paymentWindow);
/** A minimum order: GHS 1 or more, at most 2 decimals. */
const ZMinOrderGhs = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}(\.\d{1,2})?$/, SETTINGS_MSG.minOrder);
/** A maximum order: more than 0, at most 2 decimals. */
const ZMaxOrderGhs = z
  .string()
  .trim()
  .regex(/^(?=[\d.]*[1-9])\d{1,10}(\.\d{1,2})?$/, SETTINGS_MSG.maxOrder);

/** The two order sizes, each valid on its own: when both are, the maximum is compared with the minimum. */
const ZOrderSizePair = z.object({
  minOrderGhs: ZMinOrderGhs.optional(),
  maxOrderGhs: z
    .union([ZMaxOrderGhs, z.literal('')])
    .nullable()
    .optional(),
});

export const ZSettingsUpdate = z
  .object({
    notificationEmail: z
      .union([z.string().trim().email(SETTINGS_MSG.notificationEmail).max(254, SETTINGS_MSG.notificationEmail), z.literal('')], {
        error: SETTINGS_MSG.notificationEmail,
      })
      .nullable()
      .optional(),
    /** Percent, 0 to 50 with one decimal; empty means the default 2.5. */
    serviceFeePercentage: ZServiceFeePercentage.optional(),
    smtpHost: z.string().trim().max(253, SETTINGS_MSG.smtpHost).nullable().optional(),
    smtpPort: z
      .number({ error: SETTINGS_MSG.smtpPort })
      .int(SETTINGS_MSG.smtpPort)
      .min(1, SETTINGS_MSG.smtpPort)
      .max(65535, SETTINGS_MSG.smtpPort)
      .nullable()
      .optional(),
    smtpSecure: z.boolean().optional(),
    smtpUser: z.string().trim().max(254, SETTINGS_MSG.smtpUser).nullable().optional(),
    /** A new password; omit to keep the stored one, '' to remove it. */
    smtpPassword: z.string().max(500, SETTINGS_MSG.smtpPassword).optional(),
    paymentWindowMinutes: ZWindowMinutes.optional(),
    depositWindowMinutes: ZWindowMinutes.optional(),
    minOrderGhs: ZMinOrderGhs.optional(),
    /** '' or null: no maximum. */
    maxOrderGhs: z
      .union([ZMaxOrderGhs, z.literal('')])
      .nullable()
      .optional(),
    /** The tier limits (docs/decisions/016): each more than 0; day <= month and Tier 1 <= Tier 2 are checked against the saved ones. */
    ...ZTierLimitUpdate.shape,
    customerIdleHours: z
      .number({ error: IDLE_MSG.customerIdleHours })
      .int(IDLE_MSG.customerIdleHours)
      .min(CUSTOMER_IDLE_HOURS_MIN, IDLE_MSG.customerIdleHours)
      .max(CUSTOMER_IDLE_HOURS_MAX, IDLE_MSG.customerIdleHours)
      .optional(),
    claimMinutes: z
      .number({ error: SETTINGS_MSG.claimMinutes })
      .int(SETTINGS_MSG.claimMinutes)
      .min(CLAIM_MINUTES.min, SETTINGS_MSG.claimMinutes)
      .max(CLAIM_MINUTES.max, SETTINGS_MSG.claimMinutes)
      .optional(),
    twoPeopleAboveGhs: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,9}(\.\d{1,2})?$/, SETTINGS_MSG.twoPeopleAboveGhs)
      .optional(),
    destinationCoolingOffHours: z
      .number({ error: SETTINGS_MSG.destinationCoolingOffHours })
      .int(SETTINGS_MSG.destinationCoolingOffHours)
      .min(DESTINATION_COOLING_OFF_HOURS.min, SETTINGS_MSG.destinationCoolingOffHours)
      .max(DESTINATION_COOLING_OFF_HOURS.max, SETTINGS_MSG.destinationCoolingOffHours)
      .optional(),
  })
  .strict()
  .refine(
    (update) => !update.minOrderGhs || !update.maxOrderGhs || Number(update.maxOrderGhs) >= Number(update.minOrderGhs),
    // Judged only when both amounts are valid: a malformed one already has its own message.
    { message: SETTINGS_MSG.maxBelowMin, path: ['maxOrderGhs'], when: (payload) => ZOrderSizePair.safeParse(payload.value).success },
  );
export type TSettingsUpdate = z.infer<typeof ZSettingsUpdate>;

// --- users ---
export const USER_SORTS = ['fullName', 'createdAt', 'tradingVolumeUsd'] as const;
export const ZUserQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    kyc: z.enum(['all', 'verified', 'pending', 'rejected', 'unverified']).default('all'),
    account: z.enum(['all', 'active', 'banned']).default('all'),
    sort: z.enum(USER_SORTS).default('createdAt'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page: zPage(1_000_000),
  })
  .strict();
export type TUserQuery = z.infer<typeof ZUserQuery>;
/** A customer as staff see it: the profile without a role (customers have none). */
/** A customer as staff see them; `closedAt` is set once a super admin closed the account (docs/decisions/017). */
export const ZAdminUser = ZProfile.omit({ role: true, twoFactorEnabled: true, passwordChangeRequested: true, emailVerified: true }).extend({
  closedAt: z.string().nullable(),
  /** Why staff banned or closed the account (issue 27 point 5); null while not banned. */
  banReason: z.string().nullable(),
});
/** Banning needs its reason (issue 27 point 5): kept on the account and in the audit entry. */
export const ZBanUserRequest = z
  .object({
    reason: z
      .string({ error: ADMIN_MSG.banReasonRequired })
      .trim()
      .min(1, ADMIN_MSG.banReasonRequired)
      .max(500, ADMIN_MSG.banReasonTooLong),
  })
  .strict();
export type TBanUserRequest = z.infer<typeof ZBanUserRequest>;
export const ZAdminUserList = z.object({ users: z.array(ZAdminUser), total: z.number(), page: z.number(), pageSize: z.number() });
export const ZAdminUserDetail = z.object({ user: ZAdminUser, recentOrders: z.array(ZOrder) });
export const ZUserIdParams = z.object({ id: z.string().min(1).max(64) }).strict();
export type TAdminUser = z.infer<typeof ZAdminUser>;
export type TAdminUserList = z.infer<typeof ZAdminUserList>;
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

// --- audit ---
/** What an audit entry can be about (its target_type), and how the Audit Log names each kind. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'order',
  'coin',
  'payment_method',
  'kyc_submission',
  'canned_response',
  'email',
  'settings',
  'contact_page',
  'sms',
  'job',
] as const;
export type TAuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
export const AUDIT_TARGET_TYPE_LABELS: Record<TAuditTargetType, string> = {
  user: 'User or admin',
  order: 'Order',
  coin: 'Currency',
  payment_method: 'Payment method',
  kyc_submission: 'KYC submission',
  canned_response: 'Canned response',
  email: 'Email',
  settings: 'Settings',
  contact_page: 'Contact page',
  sms: 'SMS',
  job: 'Background job',
};

/**
 * Staff sign-ins in the audit log (issue 27 point 7, docs/decisions/033): every attempt on the
 * back-office sign-in, and any attempt on a staff account, is one entry; the Action filter
 * 'staff.sign_in' finds both kinds. `after.outcome` says how it ended (SIGN_IN_OUTCOMES).
 */
export const STAFF_SIGN_IN_ACTIONS = { succeeded: 'staff.sign_in', failed: 'staff.sign_in_failed' } as const;
export const SIGN_IN_OUTCOMES = [
  'success',
  'wrong_password',
  'unknown_account',
  'wrong_code',
  'code_reused',
  'expired',
  'locked',
  'disabled',
  'wrong_portal',
  'error',
] as const;
export type TSignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
export const SIGN_IN_OUTCOME_LABELS: Record<TSignInOutcome, string> = {
  success: 'Signed in',
  wrong_password: 'Wrong password',
  unknown_account: 'No account with this email',
  wrong_code: 'Wrong two-factor code',
  code_reused: 'Two-factor code used already',
  expired: 'Sign-in expired before the code',
  locked: 'Locked: too many attempts',
  disabled: 'Account suspended or removed',
  wrong_portal: 'Wrong sign-in page for this account',
  error: 'Server error',
};

export const ZAuditQuery = z
  .object({
    /** Part of the actor's name or email. */
    actor: z.string().trim().max(254).optional(),
    action: z.string().trim().max(100).optional(),
    /** Only entries about this kind of record. */
    targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
    /** The target's id ('12' or '#12') or part of its name (a person's name or email, a coin, a title...). */
    target: z.string().trim().max(100).optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
    page: zPage(100_000),
  })
  .strict();
export const ZAuditEntry = z.object({
  id: z.number(),
  actorEmail: z.string().nullable(),
  /** The actor's full name now (or as the entry recorded it); null for the system or an account gone without a trace. */
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What the target is, in words: 'User', 'Admin', 'Order', 'Currency'... */
  targetKind: z.string(),
  /** The target by name ('Akosua Mensah', '#12 · Akosua Mensah', 'Bitcoin (BTC)'); null when nothing names it any more. */
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const ZAuditList = z.object({ entries: z.array(ZAuditEntry), total: z.number(), page: z.number(), pageSize: z.number() });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export type TAuditList = z.infer<typeof ZAuditList>;

export const ZNumericIdParams = ZDbIdParams;
