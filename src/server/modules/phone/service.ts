import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  SMS_MSG,
  type TPhoneStatus,
} from '#shared/contracts/sms.js';
import { toGhanaInternational } from '#shared/wallet-address.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { phoneVerifications } from '#server/db/schema/compliance.js';
import { writeAudit } from '#server/lib/audit.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { AppError } from '#server/lib/errors.js';
import type { RateLimitStore } from '#server/lib/rate-limit-store.js';
import { queueSms } from '#server/lib/sms/outbox.js';
import { PHONE_CODE_TTL_MINUTES, renderPhoneCodeSms } from '#server/lib/sms/templates.js';
import type { TActor } from '#server/plugins/access.js';
import { RATE_LIMITS, rateLimited, type TLimitRule } from '#server/plugins/rate-limit.js';

/**
 * Phone verification by a one-time SMS code (issue 18, docs/decisions/016): a customer asks for a
 * code to a Ghana mobile number, and the right code, typed in time, makes it the account's
 * verified number. A code is 6 random digits (crypto), kept only as an HMAC keyed with the server
 * secret (as session cookies are signed with it), valid 10 minutes, tried at most 5 times (the
 * sixth try is refused, right or not), used once (one conditional update sets consumedAt, so of
 * two simultaneous right tries exactly one verifies). A new code ends the ones before it. Codes
 * are rate-limited (plugins/rate-limit.ts, docs/decisions/016): one a minute at most; per
 * account 3 in 15 minutes and 10 a day; per number 3 in 15 minutes for each account asking, and
 * 10 a day whoever asks. A verified number belongs to one account (users_verified_phone_unique).
 * A code to a number verified on another account goes out like any other (docs/decisions/027):
 * only the right code, which only the phone's holder has, learns that the number cannot be
 * verified for this account, never which account has it.
 */

export type TPhoneDeps = {
  db: TDb;
  serverSecret: string;
  rateLimits: RateLimitStore;
  /** Multiplies the limits, as for every route (config.rateLimitScale). */
  rateLimitScale: number;
  /** An SMS was queued: ask the sender to deliver it soon. */
  onSmsQueued: () => void;
  now?: () => Date;
};

type TVerificationRow = typeof phoneVerifications.$inferSelect;

const CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * 60_000;
const RESEND_MS = PHONE_CODE_RESEND_SECONDS * 1000;

const nowOf = (deps: TPhoneDeps) => (deps.now ? deps.now() : new Date());

/** The stored form of a code: an HMAC over the account, the number and the code, keyed with the server secret. */
export function hashPhoneCode(serverSecret: string, input: { userId: string; phone: string; code: string }): string {
  return createHmac('sha256', `phone-verification-code:${serverSecret}`)
    .update(`${input.userId}:${input.phone}:${input.code}`)
    .digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
}

function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A counter of codes: its key, its rule, and what a refusal by it says (given the ms until it resets). */
type TCodeCounter = { key: string; rule: TLimitRule; message: (resetInMs: number) => string };

const inMinutes = (ms: number) => SMS_MSG.tooManyCodes(Math.ceil(ms / 60_000));
const inHours = (message: (hours: number) => string) => (ms: number) => message(Math.ceil(ms / 3_600_000));

/** The counters one code to `phone` asked for by `userId` counts against (plugins/rate-limit.ts). */
function codeCounters(userId: string, phone: string): TCodeCounter[] {
  return [
    { key: `phone-code-user:${userId}`, rule: RATE_LIMITS.phoneCodesPerUser, message: inMinutes },
    { key: `phone-code-user-day:${userId}`, rule: RATE_LIMITS.phoneCodesPerUserPerDay, message: inHours(SMS_MSG.tooManyCodesToday) },
    { key: `phone-code-user-number:${userId}:${phone}`, rule: RATE_LIMITS.phoneCodesPerNumberPerUser, message: inMinutes },
    {
      key: `phone-code-number-day:${phone}`,
      rule: RATE_LIMITS.phoneCodesPerNumberPerDay,
      message: inHours(SMS_MSG.tooManyCodesToNumberToday),
    },
  ];
}

/**
 * Counts one code against every counter, or refuses it. The counters are read first, so that a
 * code one counter refuses uses up none of the others (a number's daily cap reached by others
 * does not eat the asker's own allowance); counting then checks again, for simultaneous asks.
 */
async function countCode(deps: TPhoneDeps, counters: TCodeCounter[]): Promise<void> {
  const allowed = (rule: TLimitRule) => Math.max(1, Math.round(rule.max * deps.rateLimitScale));
  for (const counter of counters) {
    const seen = await deps.rateLimits.peek(counter.key);
    if (seen.count >= allowed(counter.rule)) throw rateLimited(seen.resetInMs, counter.message(seen.resetInMs));
  }
  for (const counter of counters) {
    const counted = await deps.rateLimits.hit(counter.key, counter.rule.windowSeconds * 1000);
    if (counted.count > allowed(counter.rule)) throw rateLimited(counted.resetInMs, counter.message(counted.resetInMs));
  }
}

/** Told only to whoever typed the right code (docs/decisions/027). */
const numberTaken = () => new AppError('PHONE_TAKEN', SMS_MSG.numberTaken, { fields: { phone: SMS_MSG.numberTaken } });

/** Whether `phone` is the verified number of an account other than `userId`. */
async function isVerifiedElsewhere(db: TDb, userId: string, phone: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

/** The account's newest code, whatever its state (a new code ends the older ones, so only the newest counts). */
async function newestCode(db: TDb, userId: string): Promise<TVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .orderBy(desc(phoneVerifications.id))
    .limit(1);
  return row;
}

/** Why `row` cannot be tried (any more), or null when it can. */
function whyNotUsable(row: TVerificationRow | undefined, now: Date): AppError | null {
  if (!row) return new AppError('PHONE_CODE_EXPIRED', SMS_MSG.noCode);
  if (row.consumedAt) return new AppError('PHONE_CODE_EXPIRED', SMS_MSG.codeUsed);
  if (row.attempts >= PHONE_CODE_MAX_ATTEMPTS) return new AppError('PHONE_CODE_EXPIRED', SMS_MSG.tooManyAttempts);
  if (row.expiresAt.getTime() <= now.getTime()) return new AppError('PHONE_CODE_EXPIRED', SMS_MSG.codeExpired);
  return null;
}

/** The customer's phone, whether it is verified, order SMS, and the code under way if one is usable. */
export async function getPhoneStatus(deps: TPhoneDeps, userId: string): Promise<TPhoneStatus> {
  const user = firstOrThrow(
    await deps.db
      .select({ phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt, smsOrderUpdates: users.smsOrderUpdates })
      .from(users)
      .where(eq(users.id, userId)),
  );
  const latest = await newestCode(deps.db, userId);
  const isUsable = latest && !whyNotUsable(latest, nowOf(deps));
  return {
    phone: user.phone,
    verifiedAt: user.phoneVerifiedAt?.toISOString() ?? null,
    smsOrderUpdates: user.smsOrderUpdates,
    pendingCode:
      latest && isUsable
        ? {
            phone: latest.phone,
            expiresAt: latest.expiresAt.toISOString(),
            resendAt: new Date(latest.createdAt.getTime() + RESEND_MS).toISOString(),
            attemptsLeft: PHONE_CODE_MAX_ATTEMPTS - latest.attempts,
          }
        : null,
  };
}

/**
 * Sends a new code to `rawPhone` (a Ghana mobile number as typed; kept as +233XXXXXXXXX): the
 * code row and its SMS in one transaction, older codes of the account ended in it.
 */
export async function sendPhoneCode(deps: TPhoneDeps, actor: TActor, rawPhone: string): Promise<TPhoneStatus> {
  const phone = toGhanaInternational(rawPhone);
  if (!phone) throw new AppError('VALIDATION', SMS_MSG.phoneInvalid, { fields: { phone: SMS_MSG.phoneInvalid } });
  const now = nowOf(deps);
  const user = firstOrThrow(await deps.db.select().from(users).where(eq(users.id, actor.id)));
  if (user.phone === phone && user.phoneVerifiedAt) {
    throw new AppError('PHONE_ALREADY_VERIFIED', SMS_MSG.alreadyVerified, { fields: { phone: SMS_MSG.alreadyVerified } });
  }
  const latest = await newestCode(deps.db, actor.id);
  const waitMs = latest ? latest.createdAt.getTime() + RESEND_MS - now.getTime() : 0;
  if (waitMs > 0) throw rateLimited(waitMs, SMS_MSG.resendTooSoon(Math.ceil(waitMs / 1000)));
  // A number verified on another account is asked for like any other (docs/decisions/027): the
  // answer says nothing about it; the right code, from the phone itself, is told (verifyPhoneCode).
  await countCode(deps, codeCounters(actor.id, phone));

  const code = newCode();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(phoneVerifications)
      .set({ expiresAt: now })
      .where(and(eq(phoneVerifications.userId, actor.id), isNull(phoneVerifications.consumedAt), gt(phoneVerifications.expiresAt, now)));
    await tx.insert(phoneVerifications).values({
      userId: actor.id,
      phone,
      codeHash: hashPhoneCode(deps.serverSecret, { userId: actor.id, phone, code }),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    await queueSms(tx, { userId: actor.id, to: phone, kind: 'phone_code', body: renderPhoneCodeSms(code) }, deps.serverSecret);
  });
  deps.onSmsQueued();
  return getPhoneStatus(deps, actor.id);
}

/**
 * Tries `code` against the account's newest code. Every try counts first (one conditional
 * update, refused past the limit), so that neither a guess nor the right code gets a sixth try;
 * the right code then sets consumedAt once, and the account's phone and phoneVerifiedAt with it,
 * audited, in one transaction.
 */
export async function verifyPhoneCode(deps: TPhoneDeps, actor: TActor, code: string, ip: string): Promise<TPhoneStatus> {
  const now = nowOf(deps);
  const latest = await newestCode(deps.db, actor.id);
  const refusal = whyNotUsable(latest, now);
  if (refusal || !latest) throw refusal ?? new AppError('PHONE_CODE_EXPIRED', SMS_MSG.noCode);
  const [tried] = await deps.db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(
      and(
        eq(phoneVerifications.id, latest.id),
        isNull(phoneVerifications.consumedAt),
        gt(phoneVerifications.expiresAt, now),
        lt(phoneVerifications.attempts, PHONE_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: phoneVerifications.attempts });
  if (!tried) {
    // Another try (or a new code) came first: say what the code's state is now.
    const current = await newestCode(deps.db, actor.id);
    throw whyNotUsable(current?.id === latest.id ? current : undefined, now) ?? new AppError('PHONE_CODE_EXPIRED', SMS_MSG.noCode);
  }
  const expected = hashPhoneCode(deps.serverSecret, { userId: actor.id, phone: latest.phone, code });
  if (!isSameHash(expected, latest.codeHash)) {
    const message = SMS_MSG.codeWrong(PHONE_CODE_MAX_ATTEMPTS - tried.attempts);
    throw new AppError('PHONE_CODE_WRONG', message, { fields: { code: message } });
  }
  // The right code: whoever has it holds the phone, and may learn the number cannot be theirs here.
  if (await isVerifiedElsewhere(deps.db, actor.id, latest.phone)) throw numberTaken();
  try {
    await consumeAndVerify(deps, actor, latest, now, ip);
  } catch (error) {
    // Another account verified the number since the code was sent: the unique index decides.
    if (isUniqueViolation(error, 'users_verified_phone_unique')) throw numberTaken();
    throw error;
  }
  return getPhoneStatus(deps, actor.id);
}

/** The right code: consumed once, and the number made the account's verified one, audited, in one transaction. */
async function consumeAndVerify(deps: TPhoneDeps, actor: TActor, latest: TVerificationRow, now: Date, ip: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(phoneVerifications)
      .set({ consumedAt: now })
      .where(and(eq(phoneVerifications.id, latest.id), isNull(phoneVerifications.consumedAt)))
      .returning({ id: phoneVerifications.id });
    if (!consumed) throw new AppError('PHONE_CODE_EXPIRED', SMS_MSG.codeUsed);
    const before = firstOrThrow(
      await tx
        .select({ phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt })
        .from(users)
        .where(eq(users.id, actor.id))
        .for('update'),
    );
    // The verified number replaces whatever number the account had (verified or not).
    await tx.update(users).set({ phone: latest.phone, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, actor.id));
    await writeAudit(tx, {
      actor,
      action: 'account.phone_verify',
      targetType: 'user',
      targetId: actor.id,
      before: { phone: before.phone, phoneVerified: before.phoneVerifiedAt !== null },
      after: { phone: latest.phone, phoneVerified: true },
      ip,
    });
  });
}

/** Order SMS on or off (issue 18); on only with a verified number. */
export async function setSmsOrderUpdates(deps: TPhoneDeps, actor: TActor, enabled: boolean): Promise<TPhoneStatus> {
  const now = nowOf(deps);
  const [updated] = await deps.db
    .update(users)
    .set({ smsOrderUpdates: enabled, updatedAt: now })
    .where(
      enabled
        ? and(eq(users.id, actor.id), sql`${users.phoneVerifiedAt} IS NOT NULL AND ${users.phone} IS NOT NULL`)
        : eq(users.id, actor.id),
    )
    .returning({ id: users.id });
  if (!updated) {
    throw new AppError('VALIDATION', SMS_MSG.orderUpdatesNeedPhone, { fields: { smsOrderUpdates: SMS_MSG.orderUpdatesNeedPhone } });
  }
  return getPhoneStatus(deps, actor.id);
}
