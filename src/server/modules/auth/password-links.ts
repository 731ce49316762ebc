import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, like } from 'drizzle-orm';
import type { TDbOrTx } from '#server/db/client.js';
import { verifications } from '#server/db/schema/auth.js';
import { staffInvitations } from '#server/db/schema/staff.js';

/** better-auth's identifier of a password-reset verification: this prefix, then the token. */
export const RESET_IDENTIFIER_PREFIX = 'reset-password:';

/**
 * How reset-password identifiers are stored: the prefix kept, the rest a SHA-256 (base64url) of
 * the whole identifier, so the token itself is never stored, as with better-auth's 'hashed'
 * storage for every other identifier, and yet one account's reset links can be found together.
 */
export async function storeResetIdentifier(identifier: string): Promise<string> {
  return `${RESET_IDENTIFIER_PREFIX}${createHash('sha256').update(identifier).digest('base64url')}`;
}

/**
 * Whether the password-reset link with `token` can still set a password: its verification row
 * is there (not used, not replaced by a reset) and has not expired. Read only: the link is not
 * used up by asking, and the answer is the same whoever the account is.
 */
export async function isResetLinkUsable(db: TDbOrTx, token: string, now = new Date()): Promise<boolean> {
  const identifier = await storeResetIdentifier(`${RESET_IDENTIFIER_PREFIX}${token}`);
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Every other link that could still set this account's password stops working: emailed reset
 * links (better-auth keeps the user id as their value) and unused admin invitations. Called
 * once a password has been set, by a reset link or an invitation.
 */
export async function revokePasswordLinks(db: TDbOrTx, userId: string): Promise<void> {
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`)));
  await db
    .update(staffInvitations)
    .set({ expiresAt: new Date() })
    .where(and(eq(staffInvitations.userId, userId), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, new Date())));
}
