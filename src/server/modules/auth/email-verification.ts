import type { FastifyReply, FastifyRequest } from 'fastify';
import { VERIFY_MSG } from '#shared/contracts/email-verification.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor, TUserRow } from '#server/plugins/access.js';
import { rateLimited } from '#server/plugins/rate-limit.js';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from './better-auth.js';
import { callAuth, findUserById, forwardCookies, type TAccountDeps } from './service.js';

/**
 * The token of an emailed confirmation link (issue 26 point 5, docs/decisions/024), posted by the
 * web page the link opens (a POST: a mail scanner that fetches links does not confirm anything).
 * better-auth checks the token (signed, 24 hours), marks the address verified and, the first time
 * only, signs the person in; a link used again confirms nothing more and signs nobody in.
 * Answers the person now signed in on this browser, or null (log in to continue).
 */
export async function verifyEmail(
  deps: TAccountDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<TUserRow | null> {
  const headers = new Headers({ origin: deps.config.appOrigin, [CLIENT_IP_HEADER]: request.ip });
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const url = `${deps.config.appUrl}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}`;
  const response = await deps.auth.handler(new Request(url, { method: 'GET', headers }));
  await response.text();
  if (response.status === 429) throw rateLimited(deps.config.authRateLimit.window * 1000);
  if (response.status !== 200) throw new AppError('INVALID_TOKEN', VERIFY_MSG.linkInvalid);
  const cookies = response.headers.getSetCookie();
  forwardCookies(reply, cookies);
  const session = cookies.length > 0 ? await sessionUserOf(deps, cookies) : await request.currentUser();
  return session ?? null;
}

/** The user of the session cookie better-auth just set. */
async function sessionUserOf(deps: TAccountDeps, setCookies: string[]): Promise<TUserRow | null> {
  const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  const headers = new Headers({ cookie, origin: deps.config.appOrigin });
  const session = await deps.auth.api.getSession({ headers });
  return session ? findUserById(deps.db, session.user.id) : null;
}

/** "Resend the link" (issue 26 point 5): a new confirmation email to the signed-in person's address. */
export async function resendVerification(deps: TAccountDeps, request: FastifyRequest, actor: TActor): Promise<string> {
  if (actor.user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED', VERIFY_MSG.alreadyVerified);
  const result = await callAuth(deps, request, '/send-verification-email', { email: actor.user.email });
  if (result.status === 429) throw rateLimited(deps.config.authRateLimit.window * 1000);
  if (result.status !== 200) {
    request.log.warn({ status: result.status, code: result.body?.code }, 'verification email refused by auth');
    throw new AppError('INTERNAL', VERIFY_MSG.linkInvalid);
  }
  return VERIFY_MSG.resent(actor.user.email);
}
