import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { IMAGE_KINDS, type TSameImage, type TSameImages } from '#shared/contracts/compliance.js';
import type { TDb, TTx } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { imageHashes } from '#server/db/schema/compliance.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { orders } from '#server/db/schema/orders.js';
import { HASH_BITS, imageHash, isComparable, MIN_SET_BITS, SAME_IMAGE_MAX_DISTANCE } from '#server/lib/image-hash.js';
import type { TDocumentStorage } from '#server/lib/storage.js';
import { runRules } from './rules/index.js';

/*
 * Reused images (issue 27 point 4, docs/decisions/031). Every payment screenshot and KYC photo
 * gets a perceptual hash at upload (src/server/lib/image-hash.ts), stored beside its storage key
 * in image_hashes, in the transaction that stores the order's or submission's row. The same
 * image (within SAME_IMAGE_MAX_DISTANCE bits) on another order or submission is shown to staff
 * beside the image; when it belongs to another customer, a 'reused_image' alert is raised on the
 * uploading customer, once per upload. Files stored before migration 0023 are hashed the first
 * time staff open them (sameImagesOfOrder, sameImagesOfSubmission).
 */

export type TImageKind = (typeof IMAGE_KINDS)[number];
export type THashedImage = { kind: TImageKind; storageKey: string; hash: string | null };

/** Hashes uploads before the transaction (decoding is CPU work; no lock is held meanwhile). */
export function hashImages(images: { kind: TImageKind; storageKey: string; data: Buffer }[]): THashedImage[] {
  return images.map((image) => ({ kind: image.kind, storageKey: image.storageKey, hash: imageHash(image.data) }));
}

type TOwner = { userId: string; orderId?: number | null; kycSubmissionId?: number | null };

const hashBits = (column: unknown) => sql`('x' || ${column})::bit(${sql.raw(String(HASH_BITS))})`;

type TMatchRow = { id: number; userId: string; kind: TImageKind; orderId: number | null; kycSubmissionId: number | null; distance: number };

/** The stored images within SAME_IMAGE_MAX_DISTANCE of `hash`, not of the same order or submission. */
async function findMatches(db: TDb | TTx, hash: string, owner: TOwner, exceptId: number): Promise<TMatchRow[]> {
  const distance = sql<number>`bit_count(${hashBits(imageHashes.hash)} # ${hashBits(hash)})`.mapWith(Number);
  const sameOwner = owner.orderId
    ? eq(imageHashes.orderId, owner.orderId)
    : owner.kycSubmissionId
      ? eq(imageHashes.kycSubmissionId, owner.kycSubmissionId)
      : undefined;
  return db
    .select({
      id: imageHashes.id,
      userId: imageHashes.userId,
      kind: imageHashes.kind,
      orderId: imageHashes.orderId,
      kycSubmissionId: imageHashes.kycSubmissionId,
      distance,
    })
    .from(imageHashes)
    .where(
      and(
        ne(imageHashes.id, exceptId),
        sql`length(${imageHashes.hash}) = ${HASH_BITS / 4}`,
        sql`bit_count(${hashBits(imageHashes.hash)}) >= ${MIN_SET_BITS}`,
        sql`${distance} <= ${SAME_IMAGE_MAX_DISTANCE}`,
        sameOwner ? sql`not (${sameOwner})` : undefined,
        // Files of the same kind family only: a screenshot with screenshots, a KYC photo with KYC photos.
        owner.orderId ? eq(imageHashes.kind, 'payment_proof') : ne(imageHashes.kind, 'payment_proof'),
      ),
    )
    .orderBy(imageHashes.id);
}

/**
 * Stores the hashes of one order's or submission's images and raises a 'reused_image' alert on
 * the uploading customer when one of them matches another customer's (once per image: dedupe key).
 * Called in the transaction that stores the order's or submission's row.
 */
export async function recordImages(tx: TTx, owner: TOwner, images: THashedImage[], now: Date): Promise<void> {
  for (const image of images) {
    const [row] = await tx
      .insert(imageHashes)
      .values({
        userId: owner.userId,
        kind: image.kind,
        orderId: owner.orderId ?? null,
        kycSubmissionId: owner.kycSubmissionId ?? null,
        storageKey: image.storageKey,
        hash: image.hash,
        createdAt: now,
      })
      .onConflictDoNothing({ target: imageHashes.storageKey })
      .returning({ id: imageHashes.id });
    if (!row || !image.hash || !isComparable(image.hash)) continue;
    const others = (await findMatches(tx, image.hash, owner, row.id)).filter((match) => match.userId !== owner.userId);
    if (others.length === 0) continue;
    await runRules(tx, 'image_matched', { owner, image: { id: row.id, kind: image.kind }, others }, now);
  }
}

/** Hashes a stored file that has no hash row yet (a file from before migration 0023), as at upload. */
async function backfill(deps: { db: TDb; storage: TDocumentStorage; now?: () => Date }, owner: TOwner, kind: TImageKind, key: string) {
  const [known] = await deps.db.select({ id: imageHashes.id }).from(imageHashes).where(eq(imageHashes.storageKey, key));
  if (known) return;
  const data = await deps.storage.get(key);
  if (!data) return;
  const [image] = hashImages([{ kind, storageKey: key, data }]);
  await deps.db.transaction((tx) => recordImages(tx, owner, [image!], deps.now?.() ?? new Date()));
}

/** Each image of the owner with the other orders and submissions that hold the same image. */
async function sameImagesOf(db: TDb, owner: TOwner, viewer: { seesKyc: boolean }): Promise<TSameImages> {
  const own = await db
    .select()
    .from(imageHashes)
    .where(owner.orderId ? eq(imageHashes.orderId, owner.orderId) : eq(imageHashes.kycSubmissionId, owner.kycSubmissionId!))
    .orderBy(imageHashes.id);
  const images: TSameImages['images'] = [];
  for (const image of own) {
    if (!image.hash || !isComparable(image.hash)) continue;
    const matches = (await findMatches(db, image.hash, owner, image.id)).filter((match) => viewer.seesKyc || match.orderId !== null);
    if (matches.length === 0) continue;
    const names = await db
      .select({ id: users.id, fullName: users.fullName, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(matches.map((match) => match.userId))]));
    const nameOf = new Map(names.map((row) => [row.id, row.fullName || row.name]));
    images.push({
      kind: image.kind,
      matches: matches.map((match): TSameImage => ({
        kind: match.kind,
        orderId: match.orderId,
        kycSubmissionId: match.kycSubmissionId,
        userId: match.userId,
        customerName: nameOf.get(match.userId) ?? '',
        sameCustomer: match.userId === owner.userId,
      })),
    });
  }
  return { images };
}

/** The order's payment screenshot and what else holds the same image (hashing it first if it is older than the hashes). */
export async function sameImagesOfOrder(
  deps: { db: TDb; storage: TDocumentStorage; now?: () => Date },
  orderId: number,
  viewer: { seesKyc: boolean },
): Promise<TSameImages> {
  const [order] = await deps.db.select({ userId: orders.userId, proofKey: orders.proofKey }).from(orders).where(eq(orders.id, orderId));
  if (!order) return { images: [] };
  const owner = { userId: order.userId, orderId };
  if (order.proofKey) await backfill(deps, owner, 'payment_proof', order.proofKey);
  return sameImagesOf(deps.db, owner, viewer);
}

/** The submission's photos and what else holds the same image (hashing older files first). */
export async function sameImagesOfSubmission(
  deps: { db: TDb; storage: TDocumentStorage; now?: () => Date },
  submissionId: number,
): Promise<TSameImages> {
  const [submission] = await deps.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, submissionId));
  if (!submission) return { images: [] };
  const owner = { userId: submission.userId, kycSubmissionId: submissionId };
  const files: [TImageKind, string | null][] = [
    ['kyc_front', submission.frontKey],
    ['kyc_back', submission.backKey],
    ['kyc_selfie', submission.selfieKey],
    ['kyc_address_proof', submission.addressProofKey],
  ];
  for (const [kind, key] of files) if (key) await backfill(deps, owner, kind, key);
  return sameImagesOf(deps.db, owner, { seesKyc: true });
}
