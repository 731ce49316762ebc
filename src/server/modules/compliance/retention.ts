import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.js';
import { settings } from '#server/db/schema/app.js';
import { accounts, sessions, users } from '#server/db/schema/auth.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { writeAudit } from '#server/lib/audit.js';
import type { TDocumentStorage } from '#server/lib/storage.js';

/**
 * Records retention (docs/decisions/017): customers, orders, order events, KYC submissions and
 * audit entries are kept for the retention period (settings.retention_years, default 5 years:
 * Ghana's Anti-Money Laundering Act, 2020 (Act 1044) asks for at least five); the database refuses
 * to delete them (triggers of migration 0012). A closed account is anonymised by this job only
 * once closedAt + the retention period has passed: its names, email, phone and username are
 * replaced, its password and sessions go, its KYC files are deleted from storage and their keys
 * cleared, the identity numbers and address on its submissions blanked, and anonymisedAt set.
 * Its orders stay, as the business's own records, under the anonymised customer.
 */

export type TRetentionDeps = { db: TDb; storage: TDocumentStorage; now?: () => Date };

/** How many accounts one run anonymises at most (the next run takes the rest). */
const BATCH = 50;

const ANONYMISED_NAME = 'Anonymised customer';

/** Anonymises every closed account whose retention period has ended; returns how many. */
export async function anonymiseDueAccounts(deps: TRetentionDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const [row] = await deps.db.select({ years: settings.retentionYears }).from(settings).where(eq(settings.id, 1));
  const years = row?.years ?? 5;
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNotNull(users.closedAt),
        isNull(users.anonymisedAt),
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
      .where(and(eq(users.id, userId), isNotNull(users.closedAt), isNull(users.anonymisedAt)))
      .for('update', { skipLocked: true });
    if (!user) return false;
    const submissions = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId));
    for (const submission of submissions) {
      for (const key of [submission.frontKey, submission.backKey, submission.selfieKey, submission.addressProofKey]) {
        if (key) await deps.storage.remove(key);
      }
    }
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
