import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { isStaffRole } from '#shared/permissions.js';
import { AppError } from '#server/lib/errors.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderTwoFactorChangedEmail } from '#server/lib/email/templates.js';
import { actorOf, type TUserRow } from '#server/plugins/access.js';
import { clearTwoFactorLink, isValidTwoFactorLink } from './two-factor-links.js';
import { claimTotpCode, normalizeBackupCode, secondFactorError } from './two-factor-codes.js';
import { callAuth, findUserById, forwardCookies, type TAccountDeps } from './service.js';

/**
 * Enrolment step 1: with the password confirmed, a new secret and 10 backup codes. Two-factor
 * is not on until a code from the authenticator app confirms the secret (step 2).
 */
export async function startEnrolment(deps: TAccountDeps, request: FastifyRequest, password: string, enrolmentToken?: string) {
  const actor = actorOf(request);
  if (actor.user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ON', TWO_FACTOR_MSG.alreadyEnabled);
  // After a reset, the password alone does not enrol (two-factor-links.ts).
  if (actor.user.twoFactorLinkRequired) {
    if (!enrolmentToken) throw new AppError('TWO_FACTOR_LINK_REQUIRED', TWO_FACTOR_MSG.linkRequired);
    if (!(await isValidTwoFactorLink(deps.db, actor.id, enrolmentToken)))
      throw new AppError('TWO_FACTOR_LINK_REQUIRED', TWO_FACTOR_MSG.linkInvalid);
  }
  const result = await callAuth(deps, request, '/two-factor/enable', { password });
  if (result.status === 429) throw new AppError('RATE_LIMITED', TWO_FACTOR_MSG.tooManyAttempts);
  if (result.status !== 200 || !result.body)
    throw new AppError('VALIDATION', TWO_FACTOR_MSG.wrongPassword, { fields: { password: TWO_FACTOR_MSG.wrongPassword } });
  const { totpURI, backupCodes } = result.body as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return { totpUri: totpURI, secret, backupCodes };
}

/** Enrolment step 2: a code from the app turns two-factor on; better-auth renews the session. */
export async function confirmEnrolment(deps: TAccountDeps, request: FastifyRequest, reply: FastifyReply, code: string) {
  const actor = actorOf(request);
  if (actor.user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ON', TWO_FACTOR_MSG.alreadyEnabled);
  const result = await callAuth(deps, request, '/two-factor/verify-totp', { code });
  if (result.status !== 200) throw secondFactorError(result);
  // The code that switched it on cannot then be replayed at a sign-in.
  await claimTotpCode(deps.db, actor.id, code);
  forwardCookies(reply, result.setCookies);
  await deps.db.transaction(async (tx) => {
    if (actor.user.twoFactorLinkRequired) await clearTwoFactorLink(tx, actor.id);
    await queueEmail(tx, actor.user.email, twoFactorChangedEmail(deps, actor.user, true));
  });
  deps.onEmailQueued();
  return findUserById(deps.db, actor.id);
}

/**
 * A signed-in staff member confirms a sensitive step with their second factor again (issue 27
 * point 3, docs/decisions/030): an authenticator code (used once, as at sign-in) or a backup code,
 * checked by better-auth against the session's own user. A wrong code is a field error on `field`.
 */
export async function confirmSecondFactor(deps: TAccountDeps, request: FastifyRequest, code: string, field = 'code'): Promise<void> {
  const actor = actorOf(request);
  const isTotp = /^\d{6}$/.test(code);
  const result = isTotp
    ? await callAuth(deps, request, '/two-factor/verify-totp', { code })
    : await callAuth(deps, request, '/two-factor/verify-backup-code', { code: normalizeBackupCode(code) });
  if (result.status !== 200) {
    const error = secondFactorError(result);
    throw error.code === 'INVALID_CREDENTIALS'
      ? new AppError('INVALID_CREDENTIALS', error.message, { fields: { [field]: error.message } })
      : error;
  }
  if (isTotp && !(await claimTotpCode(deps.db, actor.id, code))) {
    throw new AppError('CODE_REUSED', TWO_FACTOR_MSG.codeReused, { fields: { [field]: TWO_FACTOR_MSG.codeReused } });
  }
}

function twoFactorChangedEmail(deps: TAccountDeps, user: TUserRow, on: boolean) {
  return renderTwoFactorChangedEmail({
    fullName: user.fullName || user.name,
    appUrl: deps.config.appUrl,
    at: new Date(),
    isStaff: isStaffRole(user.role),
    on,
  });
}

/** Customers may turn it off again (password required); staff may not. */
export async function disableTwoFactor(deps: TAccountDeps, request: FastifyRequest, reply: FastifyReply, password: string) {
  const actor = actorOf(request);
  if (isStaffRole(actor.user.role)) throw new AppError('FORBIDDEN', TWO_FACTOR_MSG.staffCannotDisable);
  if (!actor.user.twoFactorEnabled) throw new AppError('TWO_FACTOR_NOT_ON', TWO_FACTOR_MSG.notEnabled);
  const result = await callAuth(deps, request, '/two-factor/disable', { password });
  if (result.status === 429) throw new AppError('RATE_LIMITED', TWO_FACTOR_MSG.tooManyAttempts);
  if (result.status !== 200)
    throw new AppError('VALIDATION', TWO_FACTOR_MSG.wrongPassword, { fields: { password: TWO_FACTOR_MSG.wrongPassword } });
  forwardCookies(reply, result.setCookies);
  await queueEmail(deps.db, actor.user.email, twoFactorChangedEmail(deps, actor.user, false));
  deps.onEmailQueued();
  return findUserById(deps.db, actor.id);
}
