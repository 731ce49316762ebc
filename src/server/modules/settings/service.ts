import { eq } from 'drizzle-orm';
import { SETTINGS_MSG, type TSettings, type TSettingsUpdate } from '#shared/contracts/admin.js';
import { TEST_EMAIL_MSG, type TSmtpFailure, type TTestEmailResult } from '#shared/contracts/setup.js';
import { checkTierLimitOrder } from '#shared/contracts/tiers.js';
import { DEFAULT_SERVICE_FEE_PERCENTAGE, toDecimal } from '#shared/money.js';
import { AppError } from '#server/lib/errors.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { settings } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import type { EmailSender, TImmediateDelivery } from '#server/lib/email/sender.js';
import { renderSmtpTestEmail } from '#server/lib/email/templates.js';
import { encryptSecret } from '#server/lib/secrets.js';
import type { TActor } from '#server/plugins/access.js';

/** `smtpAllowPrivate`: SMTP_ALLOW_PRIVATE, the test email may go to a private or local host. */
export type TSettingsDeps = { db: TDb; serverSecret: string; smtpPassFromEnv?: string; smtpAllowPrivate?: boolean };

type TRow = typeof settings.$inferSelect;

/** What may be shown: never the SMTP password, only whether there is one (decisions/013 D5). */
function toSettings(row: TRow, smtpPassFromEnv: string | undefined): TSettings {
  return {
    notificationEmail: row.notificationEmail,
    serviceFeePercentage: row.serviceFeePercentage,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecure: row.smtpSecure,
    smtpUser: row.smtpUser,
    hasSmtpPassword: Boolean(smtpPassFromEnv) || Boolean(row.smtpPassEncrypted),
    isSmtpPasswordFromEnv: Boolean(smtpPassFromEnv),
    paymentWindowMinutes: row.paymentWindowMinutes,
    depositWindowMinutes: row.depositWindowMinutes,
    minOrderGhs: row.minOrderGhs,
    maxOrderGhs: row.maxOrderGhs,
    tier0LimitUsd: row.tier0LimitUsd,
    tier1DailyLimitGhs: row.tier1DailyLimitGhs,
    tier1MonthlyLimitGhs: row.tier1MonthlyLimitGhs,
    tier2DailyLimitGhs: row.tier2DailyLimitGhs,
    tier2MonthlyLimitGhs: row.tier2MonthlyLimitGhs,
    customerIdleHours: row.customerIdleHours,
    claimMinutes: row.claimMinutes,
    destinationCoolingOffHours: row.destinationCoolingOffHours,
    twoPeopleAboveGhs: row.twoPeopleAboveGhs,
  };
}

const TIER_LIMIT_KEYS = [
  'tier0LimitUsd',
  'tier1DailyLimitGhs',
  'tier1MonthlyLimitGhs',
  'tier2DailyLimitGhs',
  'tier2MonthlyLimitGhs',
] as const;

/** Audit entries never carry the password either. */
function auditable(row: TRow) {
  // The tested-settings fingerprint is a keyed hash of the password among others: not for the log.
  const { smtpPassEncrypted, updatedAt: _updatedAt, smtpTestedFingerprint: _fingerprint, ...rest } = row;
  return { ...rest, hasSmtpPassword: Boolean(smtpPassEncrypted) };
}

/** Settings record 1, created with its defaults the first time it is read. */
export async function getSettings(deps: TSettingsDeps): Promise<TSettings> {
  const [row] = await deps.db.insert(settings).values({ id: 1 }).onConflictDoNothing().returning();
  const current = row ?? firstOrThrow(await deps.db.select().from(settings).where(eq(settings.id, 1)));
  return toSettings(current, deps.smtpPassFromEnv);
}

/**
 * Applies the fields present in `update` (an empty fee means the default, an empty password
 * removes the stored one, a new one is stored encrypted), audited with before and after.
 */
export async function updateSettings(deps: TSettingsDeps, actor: TActor, update: TSettingsUpdate, ip: string): Promise<TSettings> {
  const changes: Partial<TRow> = { updatedAt: new Date() };
  if (update.notificationEmail !== undefined) changes.notificationEmail = update.notificationEmail || null;
  if (update.serviceFeePercentage !== undefined)
    changes.serviceFeePercentage = update.serviceFeePercentage || DEFAULT_SERVICE_FEE_PERCENTAGE;
  if (update.smtpHost !== undefined) changes.smtpHost = update.smtpHost || null;
  if (update.smtpPort !== undefined) changes.smtpPort = update.smtpPort;
  if (update.smtpSecure !== undefined) changes.smtpSecure = update.smtpSecure;
  if (update.smtpUser !== undefined) changes.smtpUser = update.smtpUser || null;
  if (update.paymentWindowMinutes !== undefined) changes.paymentWindowMinutes = update.paymentWindowMinutes;
  if (update.depositWindowMinutes !== undefined) changes.depositWindowMinutes = update.depositWindowMinutes;
  if (update.minOrderGhs !== undefined) changes.minOrderGhs = update.minOrderGhs;
  if (update.maxOrderGhs !== undefined) changes.maxOrderGhs = update.maxOrderGhs || null;
  if (update.customerIdleHours !== undefined) changes.customerIdleHours = update.customerIdleHours;
  if (update.claimMinutes !== undefined) changes.claimMinutes = update.claimMinutes;
  if (update.destinationCoolingOffHours !== undefined) changes.destinationCoolingOffHours = update.destinationCoolingOffHours;
  if (update.twoPeopleAboveGhs !== undefined) changes.twoPeopleAboveGhs = update.twoPeopleAboveGhs;
  for (const key of TIER_LIMIT_KEYS) {
    const value = update[key];
    if (value !== undefined) changes[key] = value;
  }
  if (update.smtpPassword !== undefined) {
    changes.smtpPassEncrypted = update.smtpPassword ? encryptSecret(update.smtpPassword, deps.serverSecret) : null;
  }
  const row = await deps.db.transaction(async (tx) => {
    await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
    const before = firstOrThrow(await tx.select().from(settings).where(eq(settings.id, 1)).for('update'));
    // The maximum order is never below the minimum, whichever of the two this update changes.
    const minimum = changes.minOrderGhs ?? before.minOrderGhs;
    const maximum = changes.maxOrderGhs === undefined ? before.maxOrderGhs : changes.maxOrderGhs;
    if (maximum !== null && toDecimal(maximum).lt(minimum)) {
      throw new AppError('VALIDATION', SETTINGS_MSG.maxBelowMin, { fields: { maxOrderGhs: SETTINGS_MSG.maxBelowMin } });
    }
    // The tier limits grow from day to month and from Tier 1 to Tier 2 (docs/decisions/016),
    // judged on the saved limits with this update applied.
    const limitErrors = checkTierLimitOrder({
      tier1DailyLimitGhs: changes.tier1DailyLimitGhs ?? before.tier1DailyLimitGhs,
      tier1MonthlyLimitGhs: changes.tier1MonthlyLimitGhs ?? before.tier1MonthlyLimitGhs,
      tier2DailyLimitGhs: changes.tier2DailyLimitGhs ?? before.tier2DailyLimitGhs,
      tier2MonthlyLimitGhs: changes.tier2MonthlyLimitGhs ?? before.tier2MonthlyLimitGhs,
    });
    const [firstLimitError] = Object.values(limitErrors);
    if (firstLimitError) throw new AppError('VALIDATION', firstLimitError, { fields: limitErrors });
    const after = firstOrThrow(await tx.update(settings).set(changes).where(eq(settings.id, 1)).returning());
    await writeAudit(tx, {
      actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 1,
      before: auditable(before),
      after: auditable(after),
      ip,
    });
    return after;
  });
  return toSettings(row, deps.smtpPassFromEnv);
}

/**
 * Why the SMTP client gave up, from its error (nodemailer's `code` and the system error in its
 * message), so that the person sees it in words (TEST_EMAIL_MSG.failed).
 */
export function smtpFailureOf(error: unknown): TSmtpFailure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const text = error instanceof Error ? error.message : String(error);
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'auth';
  if (/ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH/.test(text)) return 'refused';
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(text)) return 'hostNotFound';
  if (code === 'ETLS' || code === 'EREQUIRETLS' || /SSL|TLS|certificate|wrong version number|self[- ]signed/i.test(text)) return 'tls';
  if (code === 'ETIMEDOUT' || /timed? ?out|Greeting never received/i.test(text)) return 'timeout';
  if (code === 'EENVELOPE') return 'rejected';
  return 'other';
}

/**
 * Settings' "Send test email" (issue 16): a test email to the admin notification address, through
 * the saved SMTP settings, delivered now with the outcome in words (the SMTP client's own error
 * text beside them). Written to the Email Log like every email, and to the audit log. A host that
 * is or resolves to a private or local address is not contacted unless SMTP_ALLOW_PRIVATE is set:
 * the answer would tell what listens on the server's own network (docs/decisions/012).
 */
export async function sendTestEmail(deps: TSettingsDeps, sender: EmailSender, actor: TActor, ip: string): Promise<TTestEmailResult> {
  const [row] = await deps.db.select({ notificationEmail: settings.notificationEmail }).from(settings).where(eq(settings.id, 1));
  const to = row?.notificationEmail ?? null;
  let result: TTestEmailResult;
  let delivery: TImmediateDelivery | null = null;
  if (!to) {
    result = { outcome: 'noRecipient', to: null, message: TEST_EMAIL_MSG.noRecipient, failure: null, detail: null };
  } else {
    delivery = await sender.sendNow(to, renderSmtpTestEmail({ sentBy: actor.email, at: new Date() }), {
      publicHostOnly: !deps.smtpAllowPrivate,
    });
    if (delivery.status === 'notConfigured') {
      result = { outcome: 'notConfigured', to, message: TEST_EMAIL_MSG.notConfigured, failure: null, detail: null };
    } else if (delivery.status === 'nonPublicHost') {
      result = { outcome: 'nonPublicHost', to, message: TEST_EMAIL_MSG.nonPublicHost, failure: null, detail: null };
    } else if (delivery.status === 'sent') {
      result = { outcome: 'sent', to, message: TEST_EMAIL_MSG.sent(to), failure: null, detail: null };
    } else {
      const failure = smtpFailureOf(delivery.error);
      const detail = (delivery.error instanceof Error ? delivery.error.message : String(delivery.error)).slice(0, 500);
      result = { outcome: 'failed', to, message: TEST_EMAIL_MSG.failed[failure], failure, detail };
    }
  }
  // The setup checklist's SMTP item is done while the settings are the ones a test email last went
  // out with (docs/decisions/033); a test that fails with the settings as they are undoes it.
  if (result.outcome === 'sent' || result.outcome === 'failed') {
    const tested = delivery?.status === 'sent' ? { smtpTestedFingerprint: delivery.smtpFingerprint, smtpTestedAt: new Date() } : null;
    await deps.db
      .update(settings)
      .set(tested ?? { smtpTestedFingerprint: null, smtpTestedAt: null })
      .where(eq(settings.id, 1));
  }
  await writeAudit(deps.db, {
    actor,
    action: 'settings.test_email',
    targetType: 'settings',
    targetId: 1,
    after: { outcome: result.outcome, to: result.to, failure: result.failure },
    ip,
  });
  return result;
}
