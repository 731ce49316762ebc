import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, like } from 'drizzle-orm';
import type { TDbOrTx } from '#server/db/client.js';
import { users, verifications } from '#server/db/schema/auth.js';
import type { TSecretUrl } from '#server/lib/email/templates.js';

/**
 * After a second factor is reset (by a super admin or `npm run admin:reset-2fa`), enrolling a new
 * authenticator needs the link emailed to the account's owner, not the password alone: someone
 * who has only the password cannot attach their own phone (issue 26, docs/decisions/023).
 * The link's token is stored as a SHA-256 in better-auth's verifications table, under its own
 * prefix; `users.two_factor_link_required` says a link is needed, whether or not one is still valid.
 */
const PREFIX = 'two-factor-enrolment:';
export const TWO_FACTOR_LINK_TTL_HOURS = 24;

function identifierOf(token: string): string {
  return `${PREFIX}${createHash('sha256').update(token).digest('hex')}`;
}

export function twoFactorSetupUrl(appUrl: string, token: string): TSecretUrl {
  return { base: `${appUrl}/#/admin/two-factor-setup?token=`, secret: token };
}

/** Requires the link from now on, replaces any earlier link, and answers the new token. */
export async function issueTwoFactorLink(tx: TDbOrTx, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${PREFIX}%`)));
  await tx.insert(verifications).values({
    id: randomBytes(16).toString('hex'),
    identifier: identifierOf(token),
    value: userId,
    expiresAt: new Date(Date.now() + TWO_FACTOR_LINK_TTL_HOURS * 60 * 60 * 1000),
  });
  await tx.update(users).set({ twoFactorLinkRequired: true }).where(eq(users.id, userId));
  return token;
}

export async function isValidTwoFactorLink(db: TDbOrTx, userId: string, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, identifierOf(token)), eq(verifications.value, userId), gt(verifications.expiresAt, new Date())),
    );
  return row !== undefined;
}

/** The enrolment succeeded: the link is spent and no longer required. */
export async function clearTwoFactorLink(tx: TDbOrTx, userId: string): Promise<void> {
  await tx.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${PREFIX}%`)));
  await tx.update(users).set({ twoFactorLinkRequired: false }).where(eq(users.id, userId));
}
