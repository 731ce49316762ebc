import { and, count, desc, eq } from 'drizzle-orm';
import { KYC_MSG, type TKycFields, type TKycSubmissionDetail } from '#shared/contracts/kyc.js';
import type { TDb } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { writeAudit } from '#server/lib/audit.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderKycDecisionEmail, renderKycReceivedEmail } from '#server/lib/email/templates.js';
import { AppError } from '#server/lib/errors.js';
import type { TDocumentStorage } from '#server/lib/storage.js';
import type { TActor } from '#server/plugins/access.js';
import { firstOrThrow } from '#server/db/rows.js';

export type TKycDeps = { db: TDb; storage: TDocumentStorage; appUrl: string; onEmailQueued: () => void };
export type TDocumentUpload = { data: Buffer; type: 'image/jpeg' | 'image/png' };

const PAGE_SIZE = 20;

/**
 * Stores both documents under random keys, then in one transaction (customer row locked):
 * refuses a pending or verified customer, inserts the submission, moves the profile to pending
 * and queues the 'KYC received' email. Files of a refused submission are removed again.
 */
export async function submitKyc(
  deps: TKycDeps,
  actor: TActor,
  fields: TKycFields,
  documents: { front: TDocumentUpload; back: TDocumentUpload },
) {
  const ext = (d: TDocumentUpload) => (d.type === 'image/png' ? 'png' : 'jpg');
  const frontKey = await deps.storage.put(documents.front.data, ext(documents.front));
  let backKey: string | undefined;
  try {
    backKey = await deps.storage.put(documents.back.data, ext(documents.back));
    const submission = await deps.db.transaction(async (tx) => {
      const user = firstOrThrow(await tx.select().from(users).where(eq(users.id, actor.id)).for('update'));
      if (user.kycStatus === 'pending') throw new AppError('KYC_ALREADY_SUBMITTED', KYC_MSG.alreadyPending);
      if (user.kycStatus === 'verified') throw new AppError('KYC_ALREADY_VERIFIED', KYC_MSG.alreadyVerified);
      const row = firstOrThrow(
        await tx
          .insert(kycSubmissions)
          .values({
            userId: actor.id,
            idType: fields.idType,
            idNumber: fields.idType === 'national_id' ? fields.idNumber.toUpperCase() : fields.idNumber,
            address: fields.address,
            city: fields.city,
            country: fields.country,
            frontKey,
            frontType: documents.front.type,
            backKey,
            backType: documents.back.type,
          })
          .returning(),
      );
      await tx.update(users).set({ kycStatus: 'pending', updatedAt: new Date() }).where(eq(users.id, actor.id));
      await queueEmail(tx, user.email, renderKycReceivedEmail({ fullName: user.fullName || user.name }));
      return row;
    });
    deps.onEmailQueued();
    return submission;
  } catch (error) {
    await deps.storage.remove(frontKey);
    if (backKey) await deps.storage.remove(backKey);
    // Two uploads racing past the status check meet the one-pending-per-customer index.
    if (String((error as { cause?: unknown })?.cause ?? error).includes('kyc_submissions_one_pending_per_user')) {
      throw new AppError('KYC_ALREADY_SUBMITTED', KYC_MSG.alreadyPending);
    }
    throw error;
  }
}

export async function findMyLatestSubmission(db: TDb, userId: string) {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
    .limit(1);
  return row ?? null;
}

const listColumns = {
  id: kycSubmissions.id,
  userId: kycSubmissions.userId,
  userFullName: users.fullName,
  userEmail: users.email,
  idType: kycSubmissions.idType,
  submittedAt: kycSubmissions.submittedAt,
  status: kycSubmissions.status,
};

export async function findKycSubmissions(db: TDb, query: { status: 'all' | 'pending' | 'approved' | 'rejected'; page: number }) {
  const where = query.status === 'all' ? undefined : eq(kycSubmissions.status, query.status);
  const rows = await db
    .select(listColumns)
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(where)
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const { total } = firstOrThrow(await db.select({ total: count() }).from(kycSubmissions).where(where));
  return {
    submissions: rows.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() })),
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

export async function getKycSubmission(db: TDb, id: number): Promise<TKycSubmissionDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      idNumber: kycSubmissions.idNumber,
      address: kycSubmissions.address,
      city: kycSubmissions.city,
      country: kycSubmissions.country,
      frontKey: kycSubmissions.frontKey,
      backKey: kycSubmissions.backKey,
      rejectionReason: kycSubmissions.rejectionReason,
      decidedAt: kycSubmissions.decidedAt,
    })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(eq(kycSubmissions.id, id));
  if (!row) throw new AppError('NOT_FOUND', KYC_MSG.submissionNotFound);
  const { frontKey, backKey, ...rest } = row;
  return {
    ...rest,
    hasFront: Boolean(frontKey),
    hasBack: Boolean(backKey),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Approve or reject once: a conditional update on status 'pending' (decisions/013 D11), audited, one email. */
export async function decideKycSubmission(
  deps: TKycDeps,
  input: { actor: TActor; id: number; decision: 'approved' | 'rejected'; reason?: string; ip: string },
) {
  const reason = input.decision === 'rejected' ? input.reason?.trim() || null : null;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(kycSubmissions)
      .set({ status: input.decision, decidedAt: new Date(), decidedBy: input.actor.id, rejectionReason: reason })
      .where(and(eq(kycSubmissions.id, input.id), eq(kycSubmissions.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: kycSubmissions.id }).from(kycSubmissions).where(eq(kycSubmissions.id, input.id));
      throw exists ? new AppError('KYC_ALREADY_DECIDED', KYC_MSG.alreadyDecided) : new AppError('NOT_FOUND', KYC_MSG.submissionNotFound);
    }
    const user = firstOrThrow(
      await tx
        .update(users)
        .set({ kycStatus: input.decision === 'approved' ? 'verified' : 'rejected', updatedAt: new Date() })
        .where(eq(users.id, row.userId))
        .returning(),
    );
    await queueEmail(
      tx,
      user.email,
      renderKycDecisionEmail({ fullName: user.fullName || user.name, decision: input.decision, reason, appUrl: deps.appUrl }),
    );
    await writeAudit(tx, {
      actor: input.actor,
      action: input.decision === 'approved' ? 'kyc.approve' : 'kyc.reject',
      targetType: 'kyc_submission',
      targetId: input.id,
      before: { status: 'pending', userKycStatus: 'pending' },
      after: { status: input.decision, userKycStatus: user.kycStatus, reason },
      ip: input.ip,
    });
  });
  deps.onEmailQueued();
  return getKycSubmission(deps.db, input.id);
}

export async function readKycDocument(deps: TKycDeps, input: { actor: TActor; id: number; side: 'front' | 'back'; ip: string }) {
  const [row] = await deps.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, input.id));
  const key = input.side === 'front' ? row?.frontKey : row?.backKey;
  const type = input.side === 'front' ? row?.frontType : row?.backType;
  if (!row || !key || !type) throw new AppError('NOT_FOUND', KYC_MSG.submissionNotFound);
  const data = await deps.storage.get(key);
  if (!data) throw new AppError('NOT_FOUND', KYC_MSG.submissionNotFound);
  await writeAudit(deps.db, {
    actor: input.actor,
    action: 'kyc.document.view',
    targetType: 'kyc_submission',
    targetId: input.id,
    after: { side: input.side },
    ip: input.ip,
  });
  return { data, type };
}
