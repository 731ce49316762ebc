import { z } from 'zod';
import { REQUIRED_COMPANY_FIELDS } from '#shared/company.js';
import { ZDecimalString } from './common.js';

/**
 * First run (issue 16): what a new installation still needs before customers can trade and trust
 * it, as the super admin's dashboard checklist shows it (GET /api/admin/setup-status), and the
 * "Send test email" of Settings (POST /api/admin/settings/test-email).
 */

/** The checklist's items, in the order the dashboard lists them. */
export const SETUP_ITEMS = [
  'paymentMethods',
  'depositAddresses',
  'demoDestinations',
  'notificationEmail',
  'smtp',
  'contactDetails',
  'serviceFee',
] as const;
export type TSetupItem = (typeof SETUP_ITEMS)[number];

export const SMTP_FIELDS = ['host', 'port', 'username', 'password'] as const;

/** A coin and the networks (their labels) it has no deposit address on. */
const ZCoinGap = z.object({ symbol: z.string(), name: z.string(), networks: z.array(z.string()) });
export type TCoinGap = z.infer<typeof ZCoinGap>;

export const ZSetupStatus = z.object({
  /** Every item done: the checklist is no longer shown. */
  isComplete: z.boolean(),
  /** At least one enabled payment method; `total` counts the disabled ones too. */
  paymentMethods: z.object({ isDone: z.boolean(), enabled: z.number().int(), total: z.number().int() }),
  /**
   * Every enabled coin has a deposit address on at least one of its networks. `coinsWithout`: the
   * enabled coins with none (they cannot be sold); `networksWithout`: coins that can be sold, but
   * not on these networks (not required).
   */
  depositAddresses: z.object({ isDone: z.boolean(), coinsWithout: z.array(ZCoinGap), networksWithout: z.array(ZCoinGap) }),
  /**
   * Issue 27 point 3 (docs/decisions/030): no demo or test-vector deposit address
   * (src/server/db/demo-deposit-addresses.ts) and no demo payment account is in use: coins or
   * cedis sent there are lost. Done while none is.
   */
  demoDestinations: z.object({
    isDone: z.boolean(),
    addresses: z.array(z.object({ symbol: z.string(), name: z.string(), network: z.string() })),
    paymentMethods: z.array(z.string()),
  }),
  notificationEmail: z.object({ isDone: z.boolean(), email: z.string().nullable() }),
  /**
   * Host, port, username and password all set (the password stored, or SMTP_PASS on the server),
   * and a test email delivered with the settings as they are now (issue 27 point 7,
   * docs/decisions/033): `isTested` is false until Settings' "Send test email" succeeds, and again
   * after any change of host, port, SSL/TLS, username, password or sender; `testedAt` is that
   * test's time while it still counts.
   */
  smtp: z.object({
    isDone: z.boolean(),
    missing: z.array(z.enum(SMTP_FIELDS)),
    isTested: z.boolean(),
    testedAt: z.string().nullable(),
  }),
  /** The company details the footer, About and receipts show (src/shared/company.ts REQUIRED_COMPANY_FIELDS). */
  contactDetails: z.object({ isDone: z.boolean(), missing: z.array(z.enum(REQUIRED_COMPANY_FIELDS)) }),
  /**
   * The fee is a choice, not an accident: done once the settings were saved (the audit log holds a
   * settings.update), whatever the fee; `isDefault` says whether it is still the default 2.5.
   */
  serviceFee: z.object({ isDone: z.boolean(), feePercentage: ZDecimalString, isDefault: z.boolean() }),
  /**
   * Not a step (it never hides or shows the checklist): the emails queued in the last
   * `windowHours` hours that did not go out (failed, skipped, or waiting to be tried again after a
   * failure; issue 27 point 7, docs/decisions/033). The dashboard warns while `count` is above 0.
   */
  emailFailures: z.object({ count: z.number().int(), windowHours: z.number().int() }),
});
export type TSetupStatus = z.infer<typeof ZSetupStatus>;

/** How far back the dashboard's warning of emails not delivered looks (docs/decisions/033). */
export const EMAIL_FAILURE_WINDOW_HOURS = 24;

export const EMAIL_HEALTH_MSG = {
  title: 'Emails are not being delivered',
  warning: (count: number, hours: number) =>
    `${count === 1 ? '1 email' : `${count} emails`} from the last ${hours} hours ${count === 1 ? 'was' : 'were'} not delivered. Customers and staff may be missing order updates and sign-in links.`,
  link: 'See them in the Email Log',
  filterLabel: 'Only emails not delivered',
  noneUndelivered: 'Every email went out.',
} as const;

// --- Settings: "Send test email" ---

export const TEST_EMAIL_OUTCOMES = ['sent', 'failed', 'notConfigured', 'noRecipient', 'nonPublicHost'] as const;
export type TTestEmailOutcome = (typeof TEST_EMAIL_OUTCOMES)[number];

/** Why a test email failed, read from the SMTP client's error. */
export const SMTP_FAILURES = ['refused', 'hostNotFound', 'timeout', 'auth', 'tls', 'rejected', 'other'] as const;
export type TSmtpFailure = (typeof SMTP_FAILURES)[number];

/**
 * What happened to the test email: sent (the SMTP server accepted it), failed (with the reason
 * in words and the server's own message), or not tried (SMTP incomplete, no notification email,
 * a host that is or resolves to a private or local address while SMTP_ALLOW_PRIVATE is not set).
 * The email is in the Email Log whenever it was tried.
 */
export const ZTestEmailResult = z.object({
  outcome: z.enum(TEST_EMAIL_OUTCOMES),
  /** The notification address it went (or would go) to. */
  to: z.string().nullable(),
  /** The result in words, for the person (TEST_EMAIL_MSG). */
  message: z.string(),
  failure: z.enum(SMTP_FAILURES).nullable(),
  /** The SMTP client's own error text, as it came (for whoever runs the mail server). */
  detail: z.string().nullable(),
});
export type TTestEmailResult = z.infer<typeof ZTestEmailResult>;

export const TEST_EMAIL_MSG = {
  sent: (to: string) => `Test email sent to ${to}. Check that inbox (and its spam folder).`,
  notConfigured: 'Fill in the SMTP host, port, username and password and save the settings first.',
  noRecipient: 'Set the admin notification email and save the settings first: the test email goes there.',
  nonPublicHost:
    'The SMTP host is, or its name leads to, a private or local network address, so the test email was not sent. Use the public host name of your mail provider (whoever runs the server can allow private hosts with SMTP_ALLOW_PRIVATE=true).',
  failed: {
    refused: 'The SMTP server refused the connection. Check the host and the port.',
    hostNotFound: 'The SMTP host could not be found. Check the host name.',
    timeout:
      'The SMTP server did not answer in time. Check the host, the port and the SSL/TLS switch (port 465 uses SSL/TLS; 587 and 25 usually do not).',
    auth: 'The SMTP server did not accept the username or password.',
    tls: 'The secure connection to the SMTP server failed. Check the SSL/TLS switch: port 465 uses SSL/TLS; 587 and 25 usually do not.',
    rejected: 'The SMTP server refused to send the email (the sender or recipient address was not accepted).',
    other: 'The test email could not be sent.',
  } satisfies Record<TSmtpFailure, string>,
} as const;

/** What customers see on /buy or /sell while the business has not set up that side at all. */
export const TRADING_SOON_MSG = {
  title: 'Trading opens soon',
  buy: 'We are still setting up the accounts you pay into, so buying is not open yet. Your account is ready: please check back soon.',
  sell: 'We are still setting up the wallets that receive your coins, so selling is not open yet. Your account is ready: please check back soon.',
  meanwhile: 'Meanwhile you can verify your identity, so there is no limit on your first trade.',
} as const;
