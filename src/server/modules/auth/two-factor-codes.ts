import { createHash } from 'node:crypto';
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

/** Backup codes are shown as xxxxx-xxxxx; accept them typed without the dash too. */
export function normalizeBackupCode(code: string): string {
  const compact = code.replace('-', '');
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

/** better-auth's refusal of a code, in our words. */
export function secondFactorError(result: { status: number; body: Record<string, unknown> | null }): AppError {
  const code = String(result.body?.code ?? '');
  if (result.status === 429 || code.includes('TOO_MANY') || code.includes('LOCKED'))
    return new AppError('RATE_LIMITED', TWO_FACTOR_MSG.tooManyAttempts);
  if (code.includes('COOKIE')) return new AppError('SIGN_IN_EXPIRED', TWO_FACTOR_MSG.signInExpired);
  return new AppError('INVALID_CREDENTIALS', TWO_FACTOR_MSG.invalidCode);
}
