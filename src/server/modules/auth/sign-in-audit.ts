import type { FastifyRequest } from 'fastify';
import { parseCookies } from 'better-auth/cookies';
import { normalizeIP } from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import { STAFF_SIGN_IN_ACTIONS, type TSignInOutcome } from '#shared/contracts/admin.js';
import type { TLoginRequest } from '#shared/contracts/account.js';
import { isStaffRole } from '#shared/permissions.js';
import type { TDb } from '#server/db/client.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { AppError } from '#server/lib/errors.js';
import type { RateLimitStore } from '#server/lib/rate-limit-store.js';
import type { TUserRow } from '#server/plugins/access.js';
import type { TAuth } from './better-auth.js';
import { verifySignedToken } from './session-lookup.js';

/**
 * Staff sign-ins in the audit log (issue 27 point 7, docs/decisions/033). An attempt is a staff
 * sign-in when it is made on the back-office sign-in page (portal 'admin'), whoever it names, or
 * when it names a staff account, on either page. A customer signing in on the customer page is
 * not audited. One attempt is one entry: a sign-in that ends well (after its code, for an account
 * with two-factor) is `staff.sign_in`; one refused at either step is `staff.sign_in_failed` with
 * the outcome. The password step of an account with two-factor, answered with "now the code",
 * is no entry of its own: the code step ends that attempt.
 *
 * Entries are written only for requests the sign-in routes' rate limits let through
 * (RATE_LIMITS.loginPerIp: 30 a minute per address on each of the two routes), and a run of
 * "too many attempts" refusals of one account from one address is one entry per
 * LOCKED_ENTRY_WINDOW_MS, so a flood of guesses cannot write more than the limiter admits.
 */

type TSignInAuditDeps = { auth: TAuth; db: TDb; rateLimits: RateLimitStore };
type TPortal = TLoginRequest['portal'];

const LOCKED_ENTRY_WINDOW_MS = 15 * 60 * 1000;
const USER_AGENT_MAX = 300;

/** Outcomes the error's code alone cannot tell (a wrong code sent with the password answers as a wrong password does). */
const marked = new WeakMap<object, TSignInOutcome>();

/** Marks `error` with the outcome the audit entry records; answers the error, to be thrown. */
export function withSignInOutcome<TError extends object>(error: TError, outcome: TSignInOutcome): TError {
  marked.set(error, outcome);
  return error;
}

function outcomeOf(error: unknown, step: 'password' | 'code', hasAccount: boolean): TSignInOutcome {
  if (error !== null && typeof error === 'object' && marked.has(error)) return marked.get(error)!;
  if (!(error instanceof AppError)) return 'error';
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      if (step === 'code') return 'wrong_code';
      return hasAccount ? 'wrong_password' : 'unknown_account';
    case 'CODE_REUSED':
      return 'code_reused';
    case 'SIGN_IN_EXPIRED':
      return 'expired';
    case 'RATE_LIMITED':
      return 'locked';
    case 'BANNED':
      return 'disabled';
    case 'ADMIN_LOGIN_REQUIRED':
    case 'NOT_ADMIN':
      return 'wrong_portal';
    default:
      return 'error';
  }
}

async function userByEmail(db: TDb, email: string): Promise<TUserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

/**
 * The account a code step is for: better-auth's two-factor cookie (signed, set by the password
 * step) names a verification row whose value is the user's id. Read before the code is checked,
 * which consumes the row. Null without a valid cookie (expired, or never set).
 */
async function pendingTwoFactorUser(deps: TSignInAuditDeps, request: FastifyRequest): Promise<TUserRow | null> {
  if (!request.headers.cookie) return null;
  const context = await deps.auth.$context;
  const raw = parseCookies(request.headers.cookie).get(context.createAuthCookie('two_factor').name);
  if (!raw) return null;
  const identifier = verifySignedToken(decodeURIComponent(raw), context.secret);
  if (!identifier) return null;
  const verification = await context.internalAdapter.findVerificationValue(identifier);
  if (!verification) return null;
  const [row] = await deps.db.select().from(users).where(eq(users.id, verification.value));
  return row ?? null;
}

/** Writes the attempt's entry when it is a staff sign-in (see above). */
async function recordSignIn(
  deps: TSignInAuditDeps,
  request: FastifyRequest,
  attempt: { portal: TPortal; email: string | null; user: TUserRow | null; outcome: TSignInOutcome },
): Promise<void> {
  const { user, outcome } = attempt;
  if (attempt.portal !== 'admin' && !(user && isStaffRole(user.role))) return;
  if (outcome === 'locked') {
    const who = user?.id ?? attempt.email ?? 'unknown';
    const seen = await deps.rateLimits.hit(`audit-sign-in-locked:${who}|${normalizeIP(request.ip)}`, LOCKED_ENTRY_WINDOW_MS);
    if (seen.count > 1) return;
  }
  const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
  // Written here rather than through writeAudit: an attempt on an address no account has names
  // no actor, and the entry keeps the address tried (never the password) as its actor's email.
  await deps.db.insert(auditLog).values({
    actorId: user?.id ?? null,
    actorEmail: user?.email ?? attempt.email,
    action: outcome === 'success' ? STAFF_SIGN_IN_ACTIONS.succeeded : STAFF_SIGN_IN_ACTIONS.failed,
    targetType: 'user',
    targetId: user?.id ?? null,
    after: { outcome, portal: attempt.portal, userAgent, ...(user ? {} : { email: attempt.email }) },
    ip: request.ip,
  });
}

/** The password step (POST /api/session/login), its entry written when the attempt ends here. */
export async function auditPasswordStep<TResult extends { user: TUserRow | null }>(
  deps: TSignInAuditDeps,
  request: FastifyRequest,
  input: Pick<TLoginRequest, 'email' | 'portal'>,
  run: () => Promise<TResult>,
): Promise<TResult> {
  const email = input.email.trim().toLowerCase();
  let result: TResult;
  try {
    result = await run();
  } catch (error) {
    const user = await userByEmail(deps.db, email);
    await recordSignIn(deps, request, { portal: input.portal, email, user, outcome: outcomeOf(error, 'password', user !== null) });
    throw error;
  }
  // No user yet: the code step follows and ends the attempt.
  if (result.user) await recordSignIn(deps, request, { portal: input.portal, email, user: result.user, outcome: 'success' });
  return result;
}

/** The code step (POST /api/session/two-factor). */
export async function auditCodeStep(
  deps: TSignInAuditDeps,
  request: FastifyRequest,
  portal: TPortal,
  run: () => Promise<TUserRow>,
): Promise<TUserRow> {
  // Whose attempt it is only names the entry: a failure to read it never stands in the way of the sign-in.
  const pending = await pendingTwoFactorUser(deps, request).catch((error: unknown) => {
    request.log.warn({ err: error }, 'could not tell whose two-factor sign-in this is');
    return null;
  });
  let user: TUserRow;
  try {
    user = await run();
  } catch (error) {
    await recordSignIn(deps, request, { portal, email: null, user: pending, outcome: outcomeOf(error, 'code', pending !== null) });
    throw error;
  }
  await recordSignIn(deps, request, { portal, email: user.email, user, outcome: 'success' });
  return user;
}
