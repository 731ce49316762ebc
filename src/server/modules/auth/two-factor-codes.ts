import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import type { TDb } from '#server/db/client.js';
import { usedTotpCodes } from '#server/db/schema/auth.js';
import { AppError } from '#server/lib/errors.js';

/**
 * An authenticator code is valid for its 30-second step and one step either side (clock drift).
 * A code seen within this span is refused a second time.
 */
const REPLAY_WINDOW_SECONDS = 180;

/**
 * Marks `code` as used by `userId`; false when it was already used within the replay window.
 * One statement (insert, or refresh of an old entry), so two simultaneous uses cannot both win.
 */
export async function claimTotpCode(db: TDb, userId: string, code: string): Promise<boolean> {
  const codeHash = createHash('sha256').update(`${userId}:${code}`).digest('hex');
  const claimed = await db
    .insert(usedTotpCodes)
    .values({ userId, codeHash })
    .onConflictDoUpdate({
      target: [usedTotpCodes.userId, usedTotpCodes.codeHash],
      set: { usedAt: sql`now()` },
      setWhere: sql`${usedTotpCodes.usedAt} < now() - make_interval(secs => ${REPLAY_WINDOW_SECONDS})`,
    })
    .returning({ userId: usedTotpCodes.userId });
  await db.execute(
    sql`DELETE FROM ${usedTotpCodes} WHERE ${usedTotpCodes.userId} = ${userId} AND ${usedTotpCodes.usedAt} < now() - make_interval(secs => ${REPLAY_WINDOW_SECONDS})`,
  );
  return claimed.length > 0;
}

/**
 * What backup codes are made of (issue 26 point 16): capitals and digits without the ones read
 * for another (0 and O, 1, I and L), so a code copied by hand from paper is typed back right.
 * 31 symbols, 12 of them a code: about 59 bits, as the 10 of 62 before.
 */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const BACKUP_CODE_GROUPS = 3;
const BACKUP_CODE_GROUP_LENGTH = 4;
/** Codes made before issue 26: 10 of a-z, A-Z, 0-9 (better-auth's own), shown as xxxxx-xxxxx. */
const OLD_BACKUP_CODE_LENGTH = 10;

/** better-auth's `customBackupCodesGenerate`: `amount` codes of BACKUP_CODE_ALPHABET, shown as XXXX-XXXX-XXXX. */
export function generateBackupCodes(amount: number): string[] {
  return Array.from({ length: amount }, () =>
    Array.from({ length: BACKUP_CODE_GROUPS }, () =>
      Array.from({ length: BACKUP_CODE_GROUP_LENGTH }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join(''),
    ).join('-'),
  );
}

/**
 * A backup code as typed, in the form it was stored (better-auth compares exactly). A code of
 * today (12 symbols) is accepted in any case, with or without dashes or spaces: it has capitals
 * only, so folding the case loses nothing. A code made before (10 symbols, mixed case) is
 * case-sensitive, as it was stored: only its dash may be left out.
 */
export function normalizeBackupCode(code: string): string {
  const compact = code.replace(/[\s-]/g, '');
  if (compact.length === OLD_BACKUP_CODE_LENGTH) return `${compact.slice(0, 5)}-${compact.slice(5)}`;
  const upper = compact.toUpperCase();
  const groups = Array.from({ length: BACKUP_CODE_GROUPS }, (_, index) =>
    upper.slice(index * BACKUP_CODE_GROUP_LENGTH, (index + 1) * BACKUP_CODE_GROUP_LENGTH),
  );
  return groups.join('-');
}

/** better-auth's refusal of a code, in our words. */
export function secondFactorError(result: { status: number; body: Record<string, unknown> | null }): AppError {
  const code = String(result.body?.code ?? '');
  if (result.status === 429 || code.includes('TOO_MANY') || code.includes('LOCKED'))
    return new AppError('RATE_LIMITED', TWO_FACTOR_MSG.tooManyAttempts);
  if (code.includes('COOKIE')) return new AppError('SIGN_IN_EXPIRED', TWO_FACTOR_MSG.signInExpired);
  return new AppError('INVALID_CREDENTIALS', TWO_FACTOR_MSG.invalidCode);
}
