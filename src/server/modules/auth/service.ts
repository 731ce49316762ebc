import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { TLoginRequest, TSignupRequest } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { isStaffRole } from '#shared/permissions.js';
import type { TConfig } from '#server/config.js';
import type { TDb } from '#server/db/client.js';
import { sessions, users } from '#server/db/schema/auth.js';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { isResetLinkUsable } from './password-links.js';
import { claimTotpCode, normalizeBackupCode, secondFactorError } from './two-factor-codes.js';
import { AppError } from '#server/lib/errors.js';
import { assertNotCommonPassword, isBelowPolicy } from '#server/lib/password-policy.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderFailedSignInsEmail } from '#server/lib/email/templates.js';
import { checkSolution, networkOf } from '#server/lib/proof-of-work.js';
import { VERIFY_MSG, type TSignupResponse } from '#shared/contracts/email-verification.js';
import type { TUserRow } from '#server/plugins/access.js';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type TAuth } from './better-auth.js';
import { withSignInOutcome } from './sign-in-audit.js';
import type { RateLimitStore } from '#server/lib/rate-limit-store.js';
import { normalizeIP } from '@fastify/rate-limit';
import { loginSlowdownMs, RATE_LIMITS, rateLimited, type TLimitRule } from '#server/plugins/rate-limit.js';

export type TAccountDeps = { auth: TAuth; db: TDb; config: TConfig; onEmailQueued: () => void; rateLimits: RateLimitStore };

/** better-auth's own per-address limiter refused: come back when its window ends. */
const authLimited = (deps: TAccountDeps) => rateLimited(deps.config.authRateLimit.window * 1000);

/** The allowance of `rule` with RATE_LIMIT_SCALE applied. */
const scaled = (deps: TAccountDeps, rule: TLimitRule) => Math.max(1, Math.round(rule.max * deps.config.rateLimitScale));

/**
 * Counts one attempt of `rule` under `key` (atomically, so simultaneous attempts all count) and
 * refuses it once the window's allowance is used up.
 */
async function countAttempt(deps: TAccountDeps, key: string, rule: TLimitRule): Promise<void> {
  const counted = await deps.rateLimits.hit(key, rule.windowSeconds * 1000);
  if (counted.count > scaled(deps, rule)) throw rateLimited(counted.resetInMs);
}

export type TAuthResult = { status: number; body: Record<string, unknown> | null; setCookies: string[] };

/**
 * Runs a better-auth endpoint through its HTTP handler (not auth.api), so that its rate
 * limiter, origin check and cookie handling apply exactly as for a direct call.
 */
export async function callAuth(
  deps: TAccountDeps,
  request: FastifyRequest,
  path: string,
  payload: unknown,
  cookie: string | undefined = request.headers.cookie,
): Promise<TAuthResult> {
  const headers = new Headers({
    'content-type': 'application/json',
    origin: deps.config.appOrigin,
    [CLIENT_IP_HEADER]: request.ip,
  });
  if (cookie) headers.set('cookie', cookie);
  const userAgent = request.headers['user-agent'];
  if (userAgent) headers.set('user-agent', userAgent);
  const response = await deps.auth.handler(
    new Request(`${deps.config.appUrl}${AUTH_BASE_PATH}${path}`, { method: 'POST', headers, body: JSON.stringify(payload) }),
  );
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body, setCookies: response.headers.getSetCookie() };
}

export function forwardCookies(reply: FastifyReply, cookies: string[]): void {
  for (const cookie of cookies) reply.header('set-cookie', cookie);
}

export async function findUserById(db: TDb, id: string): Promise<TUserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND', MSG.userNotFound);
  return row;
}

export async function isUsernameTaken(db: TDb, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .limit(1);
  return rows.length > 0;
}

/** Refuses a staff account on the customer login and a customer on the admin login. */
function assertPortal(user: TUserRow, portal: TLoginRequest['portal']): void {
  const isStaff = isStaffRole(user.role);
  if (portal === 'customer' && isStaff) throw new AppError('ADMIN_LOGIN_REQUIRED', MSG.adminMustUseAdminLogin);
  if (portal === 'admin' && !isStaff) throw new AppError('NOT_ADMIN', MSG.notAdmin);
}

/** The cookies a response sets, as the next request would send them. */
const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');

/**
 * Counts one failed sign-in on the account (all addresses together) and, once per burst, emails
 * the owner about them (issue 26). An unknown email has no owner to tell, and is counted the same.
 */
async function countFailure(deps: TAccountDeps, email: string): Promise<void> {
  const failures = await deps.rateLimits.hit(`login-failures:${email}`, RATE_LIMITS.loginFailuresPerAccount.windowSeconds * 1000);
  if (failures.count < scaled(deps, RATE_LIMITS.loginFailuresPerAccountAndIp)) return;
  const [owner] = await deps.db
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!owner) return;
  const alert = await deps.rateLimits.hit(`login-alert:${email}`, RATE_LIMITS.loginAlertsPerAccount.windowSeconds * 1000);
  if (alert.count > RATE_LIMITS.loginAlertsPerAccount.max) return;
  await queueEmail(
    deps.db,
    owner.email,
    renderFailedSignInsEmail({ fullName: owner.fullName, failures: failures.count, appUrl: deps.config.appUrl }),
  );
  deps.onEmailQueued();
}

/**
 * The slowed account's one attempt per delay (issue 26): once its failures from all addresses
 * pass the allowance, an attempt first claims the account's gate, which stays closed for a delay
 * that doubles with each failure (LOGIN_SLOWDOWN). Claiming is one atomic counter statement, so
 * simultaneous attempts from many addresses get one pass between them. Answers the refusal when
 * the gate is closed, null when this attempt may go on.
 */
async function claimSlowedAccount(deps: TAccountDeps, email: string): Promise<AppError | null> {
  const allowed = scaled(deps, RATE_LIMITS.loginFailuresPerAccount);
  const { count: failures } = await deps.rateLimits.peek(`login-failures:${email}`);
  if (failures < allowed) return null;
  const gate = await deps.rateLimits.hit(`login-gate:${email}`, loginSlowdownMs(failures, allowed));
  return gate.count > 1 ? rateLimited(gate.resetInMs) : null;
}

/**
 * A staff owner (or anyone with an authenticator) signing in to a slowed account: the password
 * and an authenticator code in one request. Only both right sign in; anything else answers the
 * slowdown's refusal, so it tells a guesser nothing about the password. Any session better-auth
 * made on the way is deleted unless it is the answer.
 */
async function signInPastSlowdown(
  deps: TAccountDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: TLoginRequest & { code: string },
  refusal: AppError,
): Promise<TUserRow> {
  const password = await callAuth(deps, request, '/sign-in/email', { email: input.email, password: input.password, rememberMe: true });
  if (password.status !== 200 || !password.body) {
    await countFailure(deps, input.email);
    throw refusal;
  }
  if (password.body.twoFactorRedirect !== true) {
    // The right password of an account without a second factor: no way past the slowdown.
    const token = (password.body as { token?: string }).token;
    if (token) await deps.db.delete(sessions).where(eq(sessions.token, token));
    throw refusal;
  }
  try {
    return await completeWithCode(deps, request, reply, password.setCookies, input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') await countFailure(deps, input.email);
    throw error instanceof AppError && (error.code === 'ADMIN_LOGIN_REQUIRED' || error.code === 'NOT_ADMIN') ? error : refusal;
  }
}

/**
 * The code step run in the password's request, with the two-factor cookie better-auth just set:
 * an authenticator code (used once). The session made is deleted unless it is the answer.
 */
async function completeWithCode(
  deps: TAccountDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  twoFactorCookies: string[],
  input: TLoginRequest & { code: string },
): Promise<TUserRow> {
  const verified = await callAuth(deps, request, '/two-factor/verify-totp', { code: input.code }, cookieHeader(twoFactorCookies));
  if (verified.status !== 200 || !verified.body)
    throw withSignInOutcome(new AppError('INVALID_CREDENTIALS', MSG.invalidCredentials), 'wrong_code');
  const signedIn = verified.body as { token: string; user: { id: string } };
  try {
    if (!(await claimTotpCode(deps.db, signedIn.user.id, input.code))) throw new AppError('CODE_REUSED', TWO_FACTOR_MSG.codeReused);
    const user = await findUserById(deps.db, signedIn.user.id);
    assertPortal(user, input.portal);
    forwardCookies(reply, verified.setCookies);
    return user;
  } catch (error) {
    await deps.db.delete(sessions).where(eq(sessions.token, signedIn.token));
    throw error;
  }
}

/**
 * The password step. Without two-factor the person is signed in; with it, better-auth answers
 * with a short-lived two-factor cookie instead of a session and the code step follows.
 *
 * Limits (issue 26, docs/decisions/010): one address gets a few attempts on one account, then
 * waits out the window (that address only); failures from all addresses together slow the
 * account down (claimSlowedAccount), where the password and an authenticator code in the same
 * request still sign in (signInPastSlowdown); the owner is emailed once per burst.
 */
/**
 * The password was right: a stored one weaker than today's policy is asked to change
 * (docs/decisions/023); it keeps working meanwhile.
 */
async function noteWeakPassword(deps: TAccountDeps, email: string, password: string): Promise<void> {
  await deps.db
    .update(users)
    .set({ passwordChangeRequested: await isBelowPolicy(password) })
    .where(sql`lower(${users.email}) = ${email}`);
}

export async function signInWithPassword(
  deps: TAccountDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: TLoginRequest,
): Promise<{ user: TUserRow | null; twoFactorRequired: boolean }> {
  const email = input.email.trim().toLowerCase();
  const pairKey = `login-account-ip:${email}|${normalizeIP(request.ip)}`;
  await countAttempt(deps, pairKey, RATE_LIMITS.loginFailuresPerAccountAndIp);
  const slowed = await claimSlowedAccount(deps, email);
  if (slowed) {
    if (!input.code) throw slowed;
    const user = await signInPastSlowdown(deps, request, reply, { ...input, code: input.code }, slowed);
    await deps.rateLimits.clear(pairKey);
    await noteWeakPassword(deps, email, input.password);
    return { user: await findUserById(deps.db, user.id), twoFactorRequired: false };
  }
  const result = await callAuth(deps, request, '/sign-in/email', { email: input.email, password: input.password, rememberMe: true });
  if (result.status === 429) throw authLimited(deps);
  if (result.status === 403 && String(result.body?.code ?? '').includes('BANNED')) throw new AppError('BANNED', MSG.banned);
  if (result.status !== 200 || !result.body) {
    await countFailure(deps, email);
    throw new AppError('INVALID_CREDENTIALS', MSG.invalidCredentials);
  }
  await deps.rateLimits.clear(pairKey);
  await noteWeakPassword(deps, email, input.password);

  if (result.body.twoFactorRedirect === true) {
    // The password was right (better-auth checks it before asking for a second factor).
    const [user] = await deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (!user) throw new AppError('INVALID_CREDENTIALS', MSG.invalidCredentials);
    assertPortal(user, input.portal);
    // The code sent with the password (a slowed account's form asks for both) completes it here.
    if (input.code)
      return {
        user: await completeWithCode(deps, request, reply, result.setCookies, { ...input, code: input.code }),
        twoFactorRequired: false,
      };
    forwardCookies(reply, result.setCookies);
    return { user: null, twoFactorRequired: true };
  }

  const signedIn = result.body as { token: string; user: { id: string } };
  const user = await findUserById(deps.db, signedIn.user.id);
  try {
    assertPortal(user, input.portal);
  } catch (error) {
    await deps.db.delete(sessions).where(eq(sessions.token, signedIn.token));
    throw error;
  }
  forwardCookies(reply, result.setCookies);
  return { user, twoFactorRequired: false };
}

/**
 * The code step of a two-factor sign-in: an authenticator code (used once: a replay within its
 * validity window is refused) or a single-use backup code.
 */
export async function signInWithSecondFactor(
  deps: TAccountDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { code: string; portal: TLoginRequest['portal'] },
): Promise<TUserRow> {
  const isTotp = /^\d{6}$/.test(input.code);
  const result = isTotp
    ? await callAuth(deps, request, '/two-factor/verify-totp', { code: input.code })
    : await callAuth(deps, request, '/two-factor/verify-backup-code', { code: normalizeBackupCode(input.code) });
  if (result.status !== 200 || !result.body) throw secondFactorError(result);

  const signedIn = result.body as { token: string; user: { id: string } };
  try {
    if (isTotp && !(await claimTotpCode(deps.db, signedIn.user.id, input.code))) {
      throw new AppError('CODE_REUSED', TWO_FACTOR_MSG.codeReused);
    }
    const user = await findUserById(deps.db, signedIn.user.id);
    assertPortal(user, input.portal);
    forwardCookies(reply, result.setCookies);
    return user;
  } catch (error) {
    // The session better-auth just created never reaches the browser.
    await deps.db.delete(sessions).where(eq(sessions.token, signedIn.token));
    throw error;
  }
}

export async function signOut(deps: TAccountDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const result = await callAuth(deps, request, '/sign-out', {});
  forwardCookies(reply, result.setCookies);
}

/**
 * Sign-ups past these counts (per address signed up, per /24 or /64 network) need a solved
 * proof-of-work challenge (docs/decisions/024). Both are counted for every attempt, so an existing
 * address is counted as a new one is.
 */
async function checkSignupAllowance(deps: TAccountDeps, request: FastifyRequest, input: TSignupRequest): Promise<void> {
  const email = await deps.rateLimits.hit(`signup-email:${input.email}`, RATE_LIMITS.signupPerEmail.windowSeconds * 1000);
  const network = await deps.rateLimits.hit(`signup-net:${networkOf(request.ip)}`, RATE_LIMITS.signupPerNetwork.windowSeconds * 1000);
  const isOver = email.count > scaled(deps, RATE_LIMITS.signupPerEmail) || network.count > scaled(deps, RATE_LIMITS.signupPerNetwork);
  if (!isOver) return;
  if (!input.proof) throw new AppError('CHALLENGE_REQUIRED', VERIFY_MSG.challengeRequired);
  const problem = await checkSolution(deps.config.authSecret, deps.rateLimits, input.proof);
  if (problem) throw new AppError('CHALLENGE_INVALID', VERIFY_MSG.challengeInvalid);
}

/**
 * A customer's sign-up (issue 26 point 7, docs/decisions/024): the same answer for a new address
 * and for one that has an account. better-auth does the same work for both (the password is
 * hashed either way) and emails either a confirmation link or, to the owner, a note that someone
 * tried; nobody is signed in. A taken username is still said: usernames are public.
 */
export async function signUpCustomer(deps: TAccountDeps, request: FastifyRequest, input: TSignupRequest): Promise<TSignupResponse> {
  await checkSignupAllowance(deps, request, input);
  const taken = () =>
    new AppError('USERNAME_TAKEN', MSG.usernameTaken(input.username), { fields: { username: MSG.usernameTaken(input.username) } });
  if (await isUsernameTaken(deps.db, input.username)) throw taken();
  await assertNotCommonPassword(input.password);

  const result = await callAuth(deps, request, '/sign-up/email', {
    email: input.email,
    password: input.password,
    name: input.fullName,
    fullName: input.fullName,
    username: input.username,
    displayUsername: input.username,
    phone: input.phone ? input.phone : undefined,
  });
  if (result.status === 429) throw authLimited(deps);
  if (result.status !== 200 || !result.body) {
    const code = String(result.body?.code ?? '');
    // Two people racing for one name: the unique index lets exactly one through.
    if (code.includes('USERNAME') || (await isUsernameTaken(deps.db, input.username))) throw taken();
    request.log.warn({ status: result.status, code }, 'signup refused by auth');
    throw new AppError('INTERNAL', MSG.signupFailed);
  }
  return { email: input.email, message: VERIFY_MSG.checkEmail(input.email) };
}

export async function requestPasswordReset(deps: TAccountDeps, request: FastifyRequest, email: string): Promise<string> {
  // However many addresses ask, one mailbox gets a few reset emails an hour.
  await countAttempt(deps, `reset-email:${email.trim().toLowerCase()}`, RATE_LIMITS.forgotPasswordPerEmail);
  const result = await callAuth(deps, request, '/request-password-reset', { email, redirectTo: '/' });
  if (result.status === 429) throw authLimited(deps);
  if (result.status >= 500) request.log.error({ status: result.status }, 'password reset request failed');
  // Same answer whether or not the account exists.
  return MSG.resetRequested(email);
}

/** The reset page's check as it opens: refused with the same words as a failed reset (issue 26 point 16). */
export async function checkResetLink(deps: TAccountDeps, token: string): Promise<void> {
  if (!(await isResetLinkUsable(deps.db, token))) throw new AppError('INVALID_TOKEN', MSG.resetInvalid);
}

export async function resetPassword(deps: TAccountDeps, request: FastifyRequest, token: string, password: string): Promise<void> {
  await assertNotCommonPassword(password);
  const result = await callAuth(deps, request, '/reset-password', { token, newPassword: password });
  if (result.status === 429) throw authLimited(deps);
  if (result.status !== 200) throw new AppError('INVALID_TOKEN', MSG.resetInvalid);
}
