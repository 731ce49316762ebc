import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ghanaCardNumberOf,
  idNumberKey,
  KYC_MSG,
  nationalityOf,
  type TKycDocumentSide,
  type TKycFields,
  type TKycLevel2Fields,
  type TKycSubmissionDetail,
} from '#shared/contracts/kyc.js';
import type { TDb, TTx } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { writeAudit } from '#server/lib/audit.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderKycDecisionEmail, renderKycReceivedEmail } from '#server/lib/email/templates.js';
import { AppError } from '#server/lib/errors.js';
import type { TDocumentStorage } from '#server/lib/storage.js';
import type { TActor } from '#server/plugins/access.js';
import { firstOrThrow } from '#server/db/rows.js';
import { readTierLimits } from '#server/modules/limits/tier-limits.js';
import { hashImages, recordImages } from '#server/modules/compliance/reused-images.js';
import { screenCustomerName } from '#server/modules/sanctions/screening.js';

export type TKycDeps = { db: TDb; storage: TDocumentStorage; appUrl: string; onEmailQueued: () => void };
export type TDocumentUpload = { data: Buffer; type: 'image/jpeg' | 'image/png' };

const PAGE_SIZE = 20;

/** Removes stored documents again (a refused submission keeps none). */
async function removeAll(storage: TDocumentStorage, keys: string[]) {
  for (const key of keys) await storage.remove(key);
}

const ext = (d: TDocumentUpload) => (d.type === 'image/png' ? 'png' : 'jpg');

/** Two uploads racing past the status check meet the one-pending-per-customer index. */
function isSecondPending(error: unknown): boolean {
  return String((error as { cause?: unknown })?.cause ?? error).includes('kyc_submissions_one_pending_per_user');
}

/** The first key of the two-key advisory locks on ID numbers (any constant of ours; the second is the number's hash). */
const ID_LOCK_SPACE = 160_016;

/**
 * Submissions with the same ID as `id`: the same type and number (as compared), or the same
 * Ghana Card number, whether carried beside another ID or as the card itself (submissions from
 * before migration 0012 have the card's number as the ID number only).
 */
function sameIdAs(id: { idType: string; idNumberKey: string | null; ghanaCardNumber: string | null }): SQL {
  const cardKey = id.ghanaCardNumber ? idNumberKey(id.ghanaCardNumber) : null;
  return (
    or(
      id.idNumberKey
        ? and(eq(kycSubmissions.idType, id.idType as TKycFields['idType']), eq(kycSubmissions.idNumberKey, id.idNumberKey))
        : undefined,
      id.ghanaCardNumber ? eq(kycSubmissions.ghanaCardNumber, id.ghanaCardNumber) : undefined,
      cardKey ? and(eq(kycSubmissions.idType, 'national_id'), eq(kycSubmissions.idNumberKey, cardKey)) : undefined,
    ) ?? sql`false`
  );
}

/**
 * Refuses an ID that another account has on a submission under review or approved (docs/decisions/016):
 * limits are a person's, so one identity verifies one account. Race-safe: a transaction-scoped
 * advisory lock per number (in one order, so two submissions cannot wait on each other) makes two
 * submissions of one number check one after the other, and the second sees the first once it
 * has committed. Which account has it is not said.
 */
async function refuseIdOfAnotherAccount(
  tx: TTx,
  userId: string,
  id: { idType: TKycFields['idType']; idNumberKey: string; ghanaCardNumber: string | null },
): Promise<void> {
  const lockKeys = [`id:${id.idType}:${id.idNumberKey}`];
  if (id.ghanaCardNumber) lockKeys.push(`ghana-card:${idNumberKey(id.ghanaCardNumber)}`);
  for (const key of lockKeys.sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(${ID_LOCK_SPACE}, hashtext(${key}))`);
  const [taken] = await tx
    .select({ id: kycSubmissions.id })
    .from(kycSubmissions)
    .where(and(ne(kycSubmissions.userId, userId), inArray(kycSubmissions.status, ['pending', 'approved']), sameIdAs(id)))
    .limit(1);
  if (taken) throw new AppError('KYC_ID_TAKEN', KYC_MSG.idTaken);
}

/**
 * A Tier 1 (level 1) submission (docs/decisions/016). Stores the ID's two sides and the selfie
 * holding the card under random keys, then in one transaction (customer row locked): refuses a
 * customer whose phone is not verified, a pending or verified one, and an ID another account has
 * under review or approved; inserts the submission with its Ghana Card number and (passport) the
 * nationality, moves the profile to pending and queues the 'KYC received' email. Files of a
 * refused submission are removed again.
 */
export async function submitKyc(
  deps: TKycDeps,
  actor: TActor,
  fields: TKycFields,
  documents: { front: TDocumentUpload; back: TDocumentUpload; selfie: TDocumentUpload },
) {
  const keys: string[] = [];
  try {
    const frontKey = await deps.storage.put(documents.front.data, ext(documents.front));
    keys.push(frontKey);
    const backKey = await deps.storage.put(documents.back.data, ext(documents.back));
    keys.push(backKey);
    const selfieKey = await deps.storage.put(documents.selfie.data, ext(documents.selfie));
    keys.push(selfieKey);
    // Perceptual hashes before the transaction (docs/decisions/031).
    const images = hashImages([
      { kind: 'kyc_front', storageKey: frontKey, data: documents.front.data },
      { kind: 'kyc_back', storageKey: backKey, data: documents.back.data },
      { kind: 'kyc_selfie', storageKey: selfieKey, data: documents.selfie.data },
    ]);
    const submission = await deps.db.transaction(async (tx) => {
      const user = firstOrThrow(await tx.select().from(users).where(eq(users.id, actor.id)).for('update'));
      if (user.kycStatus === 'pending') throw new AppError('KYC_ALREADY_SUBMITTED', KYC_MSG.alreadyPending);
      if (user.kycStatus === 'verified' || user.tier >= 1) throw new AppError('KYC_ALREADY_VERIFIED', KYC_MSG.alreadyVerified);
      if (!user.phoneVerifiedAt) throw new AppError('FORBIDDEN', KYC_MSG.phoneNotVerified);
      // The contract refused a number without a key (ZKycFields); checked again for callers of this function.
      const key = idNumberKey(fields.idNumber);
      if (key === null) throw new AppError('VALIDATION', KYC_MSG.idNumberLatin, { fields: { idNumber: KYC_MSG.idNumberLatin } });
      const id = {
        idType: fields.idType,
        idNumber: fields.idType === 'national_id' ? fields.idNumber.toUpperCase() : fields.idNumber,
        idNumberKey: key,
        ghanaCardNumber: ghanaCardNumberOf(fields),
      };
      await refuseIdOfAnotherAccount(tx, actor.id, id);
      const row = firstOrThrow(
        await tx
          .insert(kycSubmissions)
          .values({
            userId: actor.id,
            level: 1,
            ...id,
            nationality: nationalityOf(fields),
            address: fields.address,
            city: fields.city,
            country: fields.country,
            frontKey,
            frontType: documents.front.type,
            backKey,
            backType: documents.back.type,
            selfieKey,
            selfieType: documents.selfie.type,
          })
          .returning(),
      );
      // The same photo on another customer's submission raises an alert (issue 27 point 4).
      await recordImages(tx, { userId: actor.id, kycSubmissionId: row.id }, images, row.submittedAt);
      // Sanctions screening of the customer's name (docs/decisions/075): an alert the customer is not told of.
      await screenCustomerName(tx, { userId: actor.id, name: user.fullName || user.name }, 'kyc', row.submittedAt);
      await tx.update(users).set({ kycStatus: 'pending', updatedAt: new Date() }).where(eq(users.id, actor.id));
      // The Tier 0 allowance stays usable during the review (issue 26 point 11): the email states the setting.
      const { tier0LimitUsd } = await readTierLimits(tx);
      await queueEmail(tx, user.email, renderKycReceivedEmail({ fullName: user.fullName || user.name, tier0LimitUsd }));
      return row;
    });
    deps.onEmailQueued();
    return submission;
  } catch (error) {
    await removeAll(deps.storage, keys);
    if (isSecondPending(error)) throw new AppError('KYC_ALREADY_SUBMITTED', KYC_MSG.alreadyPending);
    throw error;
  }
}

/**
 * A Tier 2 (level 2) submission (docs/decisions/016), only from Tier 1 with a verified phone
 * (customers moved to Tier 1 by migration 0012 may have none): the proof of address and the
 * source of funds. The ID of the approved Tier 1 submission is carried over so that the
 * review shows whose it is. The profile stays verified while it is reviewed (trading goes on);
 * one submission under review at a time.
 */
export async function submitKycLevel2(
  deps: TKycDeps,
  actor: TActor,
  fields: TKycLevel2Fields,
  documents: { addressProof: TDocumentUpload },
) {
  const keys: string[] = [];
  try {
    const addressProofKey = await deps.storage.put(documents.addressProof.data, ext(documents.addressProof));
    keys.push(addressProofKey);
    const images = hashImages([{ kind: 'kyc_address_proof', storageKey: addressProofKey, data: documents.addressProof.data }]);
    const submission = await deps.db.transaction(async (tx) => {
      const user = firstOrThrow(await tx.select().from(users).where(eq(users.id, actor.id)).for('update'));
      if (user.tier >= 2) throw new AppError('KYC_ALREADY_VERIFIED', KYC_MSG.alreadyTier2);
      if (user.tier < 1 || user.kycStatus !== 'verified') throw new AppError('FORBIDDEN', KYC_MSG.tier2NeedsTier1);
      if (!user.phoneVerifiedAt) throw new AppError('FORBIDDEN', KYC_MSG.tier2PhoneNotVerified);
      const [pending] = await tx
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.userId, actor.id), eq(kycSubmissions.status, 'pending')));
      if (pending) throw new AppError('KYC_ALREADY_SUBMITTED', KYC_MSG.alreadyPending);
      // The identity approved for Tier 1 (customers verified before tiers: their last submission).
      const [identity] = await tx
        .select()
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.userId, actor.id), eq(kycSubmissions.level, 1)))
        .orderBy(sql`${kycSubmissions.status} = 'approved' desc`, desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
        .limit(1);
      const row = firstOrThrow(
        await tx
          .insert(kycSubmissions)
          .values({
            userId: actor.id,
            level: 2,
            idType: identity?.idType ?? 'national_id',
            idNumber: identity?.idNumber ?? '',
            idNumberKey: identity?.idNumberKey ?? null,
            ghanaCardNumber: identity?.ghanaCardNumber ?? null,
            nationality: identity?.nationality ?? null,
            address: fields.address,
            city: fields.city,
            country: fields.country,
            addressProofKey,
            addressProofType: documents.addressProof.type,
            sourceOfFunds: fields.sourceOfFunds,
            sourceOfFundsDetail: fields.sourceOfFundsDetail || null,
          })
          .returning(),
      );
      await recordImages(tx, { userId: actor.id, kycSubmissionId: row.id }, images, row.submittedAt);
      await queueEmail(tx, user.email, renderKycReceivedEmail({ fullName: user.fullName || user.name, tier: 2 }));
      return row;
    });
    deps.onEmailQueued();
    return submission;
  } catch (error) {
    await removeAll(deps.storage, keys);
    if (isSecondPending(error)) throw new AppError('KYC_ALREADY_SUBMITTED', KYC_MSG.alreadyPending);
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
  level: kycSubmissions.level,
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
      idNumberKey: kycSubmissions.idNumberKey,
      address: kycSubmissions.address,
      city: kycSubmissions.city,
      country: kycSubmissions.country,
      frontKey: kycSubmissions.frontKey,
      backKey: kycSubmissions.backKey,
      selfieKey: kycSubmissions.selfieKey,
      addressProofKey: kycSubmissions.addressProofKey,
      ghanaCardNumber: kycSubmissions.ghanaCardNumber,
      nationality: kycSubmissions.nationality,
      sourceOfFunds: kycSubmissions.sourceOfFunds,
      sourceOfFundsDetail: kycSubmissions.sourceOfFundsDetail,
      userTier: users.tier,
      rejectionReason: kycSubmissions.rejectionReason,
      decidedAt: kycSubmissions.decidedAt,
    })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(eq(kycSubmissions.id, id));
  if (!row) throw new AppError('NOT_FOUND', KYC_MSG.submissionNotFound);
  // The same ID on other accounts' identity submissions, whatever their status (docs/decisions/016).
  const sameIdElsewhere = await db
    .select({
      id: kycSubmissions.id,
      userId: kycSubmissions.userId,
      userFullName: users.fullName,
      userEmail: users.email,
      status: kycSubmissions.status,
    })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(and(ne(kycSubmissions.userId, row.userId), eq(kycSubmissions.level, 1), sameIdAs(row)))
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
    .limit(20);
  const { frontKey, backKey, selfieKey, addressProofKey, idNumberKey: _key, ...rest } = row;
  return {
    ...rest,
    sameIdElsewhere,
    sourceOfFunds: rest.sourceOfFunds as TKycSubmissionDetail['sourceOfFunds'],
    hasFront: Boolean(frontKey),
    hasBack: Boolean(backKey),
    hasSelfie: Boolean(selfieKey),
    hasAddressProof: Boolean(addressProofKey),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Approve or reject once: a conditional update on status 'pending' (decisions/013 D11), audited, one email. */
export async function decideKycSubmission(
  deps: TKycDeps,
  input: { actor: TActor; id: number; decision: 'approved' | 'rejected'; reason?: string; ip: string },
) {
  // A rejection's reason is required by its route (ZKycRejectRequest, issue 27 point 5).
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
    // Tiers (docs/decisions/016): approving level 1 sets Tier 1 and verified, level 2 Tier 2; a
    // rejection keeps the tier (a rejected Tier 2 request leaves the customer verified at Tier 1).
    const before = firstOrThrow(
      await tx.select({ kycStatus: users.kycStatus, tier: users.tier }).from(users).where(eq(users.id, row.userId)).for('update'),
    );
    const isLevel2 = row.level === 2;
    const approvedTier = isLevel2 ? 2 : 1;
    const changes =
      input.decision === 'approved'
        ? { kycStatus: 'verified', tier: sql`greatest(${users.tier}, ${approvedTier})` }
        : isLevel2
          ? {}
          : { kycStatus: 'rejected' };
    const user = firstOrThrow(
      await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, row.userId))
        .returning(),
    );
    await queueEmail(
      tx,
      user.email,
      renderKycDecisionEmail({
        fullName: user.fullName || user.name,
        decision: input.decision,
        reason,
        appUrl: deps.appUrl,
        tier: approvedTier,
        // Only the Tier 1 approval states the Tier 0 limit it lifts.
        ...(input.decision === 'approved' && approvedTier === 1 ? { tier0LimitUsd: (await readTierLimits(tx)).tier0LimitUsd } : {}),
      }),
    );
    await writeAudit(tx, {
      actor: input.actor,
      action: input.decision === 'approved' ? 'kyc.approve' : 'kyc.reject',
      targetType: 'kyc_submission',
      targetId: input.id,
      before: { status: 'pending', level: row.level, userKycStatus: before.kycStatus, userTier: before.tier },
      after: { status: input.decision, level: row.level, userKycStatus: user.kycStatus, userTier: user.tier, reason },
      ip: input.ip,
    });
  });
  deps.onEmailQueued();
  return getKycSubmission(deps.db, input.id);
}

/** A document of a submission for staff with the KYC area; every view is written to the audit log. */
export async function readKycDocument(deps: TKycDeps, input: { actor: TActor; id: number; side: TKycDocumentSide; ip: string }) {
  const [row] = await deps.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, input.id));
  const stored =
    row &&
    {
      front: [row.frontKey, row.frontType],
      back: [row.backKey, row.backType],
      selfie: [row.selfieKey, row.selfieType],
      address: [row.addressProofKey, row.addressProofType],
    }[input.side];
  const [key, type] = stored ?? [null, null];
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
