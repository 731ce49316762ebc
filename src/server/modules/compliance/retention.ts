import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { ALERT_RULES, PERSONAL_DETAIL_KEYS } from '#shared/compliance-rules/index.js';
import type { TDb } from '#server/db/client.js';
import { emailLog, settings } from '#server/db/schema/app.js';
import { accounts, sessions, twoFactors, users } from '#server/db/schema/auth.js';
import { conversations } from '#server/db/schema/chat.js';
import { complianceAlerts, imageHashes, phoneVerifications, smsLog } from '#server/db/schema/compliance.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { momoPayments } from '#server/db/schema/momo.js';
import { orders } from '#server/db/schema/orders.js';
import { orderTravelRule } from '#server/db/schema/travel-rule.js';
import { writeAudit } from '#server/lib/audit.js';
import { revokePasswordLinks } from '#server/modules/auth/password-links.js';
import type { TDocumentStorage } from '#server/lib/storage.js';

/**
 * Records retention (docs/decisions/017): customers, orders, order events, KYC submissions and
 * audit entries are kept for the retention period (settings.retention_years, default 6 years until
 * counsel confirms: Ghana's Anti-Money Laundering Act, 2020 (Act 1044) asks for at least five,
 * the older law six; docs/decisions/074); the database refuses
 * to delete them (triggers of migration 0012). A closed account is anonymised by this job only
 * once closedAt + the retention period has passed, and never while it is on legal hold: its names, email, phone and username are
 * replaced, its password, sessions and authenticator go, its KYC files are deleted from storage
 * and their keys cleared, the identity numbers and address on its submissions blanked, and
 * anonymisedAt set. Its orders stay, as the business's own records, under the anonymised customer,
 * without what names or reaches the person: payer and payout names and numbers, the payment
 * screenshot (file deleted), their notes, their account at another provider (Travel Rule data). The operational logs lose the person too: the emails
 * and SMS sent to them keep their date, kind and status but not the address, number or text; their
 * support chat and phone codes go; their alerts lose the names and numbers the rules recorded.
 * What stays: amounts, coins, wallet addresses and transaction hashes (facts of public ledgers),
 * compliance notes and cases (staff's own records, filed with the FIC), and the audit log, which
 * is append-only (migration 0001) and keeps what each entry recorded.
 */

export type TRetentionDeps = { db: TDb; storage: TDocumentStorage; now?: () => Date };

/** How many accounts one run anonymises at most (the next run takes the rest). */
const BATCH = 50;

const ANONYMISED_NAME = 'Anonymised customer';
/** What an email or SMS of an anonymised customer says instead of its address and its text. */
const ANONYMISED_ADDRESS = 'anonymised';
export const ANONYMISED_TEXT = '(removed when the account was anonymised)';

/** Anonymises every closed account whose retention period has ended; returns how many. */
export async function anonymiseDueAccounts(deps: TRetentionDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const [row] = await deps.db.select({ years: settings.retentionYears }).from(settings).where(eq(settings.id, 1));
  const years = row?.years ?? 6;
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNotNull(users.closedAt),
        isNull(users.anonymisedAt),
        isNull(users.legalHoldAt),
        sql`${users.closedAt} + make_interval(years => ${years}::int) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(users.closedAt))
    .limit(BATCH);
  let done = 0;
  for (const { id } of due) {
    if (await anonymiseAccount(deps, id, now, years)) done += 1;
  }
  return done;
}

/**
 * One account, in one transaction. The files are removed before the commit: should the commit
 * fail, the next run finds the account again (its keys still set, the files already gone, which
 * reads as no file) rather than leaving identity documents behind with nothing pointing at them.
 */
async function anonymiseAccount(deps: TRetentionDeps, userId: string, now: Date, years: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.closedAt), isNull(users.anonymisedAt), isNull(users.legalHoldAt)))
      .for('update', { skipLocked: true });
    if (!user) return false;
    const submissions = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId));
    for (const submission of submissions) {
      for (const key of [submission.frontKey, submission.backKey, submission.selfieKey, submission.addressProofKey]) {
        if (key) await deps.storage.remove(key);
      }
    }
    const proofs = await tx
      .select({ key: orders.proofKey })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.proofKey)));
    for (const { key } of proofs) if (key) await deps.storage.remove(key);
    await tx
      .update(orders)
      .set({
        payerNumber: null,
        payerName: null,
        recordedPayerName: null,
        recordedPayerNumber: null,
        payout: null,
        proofKey: null,
        proofType: null,
        notes: null,
      })
      .where(eq(orders.userId, userId));
    // The Travel Rule data (docs/decisions/076): the customer's account at another provider names them; the
    // wallet type, the provider's name, the address and the signature stay, like the order's own wallet address.
    await tx
      .update(orderTravelRule)
      .set({ providerAccount: ANONYMISED_TEXT })
      .where(
        and(
          isNotNull(orderTravelRule.providerAccount),
          inArray(orderTravelRule.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
        ),
      );
    // "Pay with MTN MoMo" prompts (docs/decisions/060): the wallet's number and holder's name.
    await tx
      .update(momoPayments)
      .set({ phone: ANONYMISED_TEXT, payerParty: null, holderName: null })
      .where(inArray(momoPayments.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))));
    await tx
      .update(emailLog)
      .set({ to: ANONYMISED_ADDRESS, subject: ANONYMISED_TEXT, body: ANONYMISED_TEXT, lastError: null })
      .where(sql`lower(${emailLog.to}) = lower(${user.email})`);
    await tx
      .update(smsLog)
      .set({ to: ANONYMISED_ADDRESS, body: ANONYMISED_TEXT, lastError: null })
      .where(user.phone ? or(eq(smsLog.userId, userId), eq(smsLog.to, user.phone)) : eq(smsLog.userId, userId));
    // Each rule's personal keys, as the rule declares them (src/shared/compliance-rules, docs/decisions/041).
    for (const rule of ALERT_RULES) {
      const keys = PERSONAL_DETAIL_KEYS[rule];
      if (keys.length === 0) continue;
      await tx
        .update(complianceAlerts)
        .set({
          details: sql`${complianceAlerts.details} - ${sql.join(
            keys.map((key) => sql`${key}::text`),
            sql` - `,
          )}`,
        })
        .where(and(eq(complianceAlerts.userId, userId), eq(complianceAlerts.rule, rule)));
    }
    // The files are gone: their perceptual hashes too (docs/decisions/031).
    await tx.delete(imageHashes).where(eq(imageHashes.userId, userId));
    await tx.delete(conversations).where(eq(conversations.userId, userId));
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await revokePasswordLinks(tx, userId);
    await tx
      .update(kycSubmissions)
      .set({
        frontKey: null,
        backKey: null,
        selfieKey: null,
        addressProofKey: null,
        idNumber: '',
        ghanaCardNumber: null,
        address: '',
        city: '',
        sourceOfFundsDetail: null,
      })
      .where(eq(kycSubmissions.userId, userId));
    const handle = `anonymised_${userId
      .slice(0, 12)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    await tx
      .update(users)
      .set({
        name: ANONYMISED_NAME,
        fullName: ANONYMISED_NAME,
        email: `${handle}.${userId.replace(/[^A-Za-z0-9]/g, '')}@anonymised.invalid`,
        phone: null,
        phoneVerifiedAt: null,
        username: `${handle}_${userId.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}`,
        displayUsername: null,
        image: null,
        twoFactorEnabled: false,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await writeAudit(tx, {
      actor: null,
      action: 'user.anonymise',
      targetType: 'user',
      targetId: userId,
      before: { closedAt: user.closedAt?.toISOString() ?? null },
      after: { anonymisedAt: now.toISOString(), retentionYears: years, kycSubmissions: submissions.length },
    });
    return true;
  });
}
