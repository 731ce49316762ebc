import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TChangePasswordRequest } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { isStaffRole } from '#shared/permissions.js';
import { users } from '#server/db/schema/auth.js';
import { writeAudit } from '#server/lib/audit.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderPasswordChangedEmail } from '#server/lib/email/templates.js';
import { AppError } from '#server/lib/errors.js';
import { assertNotCommonPassword } from '#server/lib/password-policy.js';
import { actorOf } from '#server/plugins/access.js';
import { revokePasswordLinks } from './password-links.js';
import { callAuth, findUserById, forwardCookies, type TAccountDeps } from './service.js';
import { claimTotpCode, secondFactorError } from './two-factor-codes.js';

/**
 * Change password while signed in (issue 26, docs/decisions/023): the current password, and for
 * staff a code from the authenticator app (used once). better-auth checks the current password,
 * stores the new hash and ends every other session; this session gets a new cookie. Outstanding
 * reset and invitation links stop working, the change is audited and the owner is emailed.
 */
export async function changePassword(deps: TAccountDeps, request: FastifyRequest, reply: FastifyReply, input: TChangePasswordRequest) {
  const actor = actorOf(request);
  const isStaff = isStaffRole(actor.user.role);
  if (input.newPassword === input.currentPassword) {
    throw new AppError('VALIDATION', MSG.newPasswordSameAsOld, { fields: { newPassword: MSG.newPasswordSameAsOld } });
  }
  await assertNotCommonPassword(input.newPassword, 'newPassword');
  if (isStaff) {
    if (!input.code) throw new AppError('VALIDATION', MSG.authenticatorCodeRequired, { fields: { code: MSG.authenticatorCodeRequired } });
    const verified = await callAuth(deps, request, '/two-factor/verify-totp', { code: input.code });
    if (verified.status !== 200) {
      const error = secondFactorError(verified);
      throw error.code === 'INVALID_CREDENTIALS'
        ? new AppError('INVALID_CREDENTIALS', error.message, { fields: { code: error.message } })
        : error;
    }
    if (!(await claimTotpCode(deps.db, actor.id, input.code))) {
      throw new AppError('CODE_REUSED', TWO_FACTOR_MSG.codeReused, { fields: { code: TWO_FACTOR_MSG.codeReused } });
    }
  }

  const result = await callAuth(deps, request, '/change-password', {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    revokeOtherSessions: true,
  });
  if (result.status === 429) throw new AppError('RATE_LIMITED', MSG.tooManyAttempts);
  if (result.status !== 200) {
    throw new AppError('INVALID_CREDENTIALS', MSG.currentPasswordWrong, { fields: { currentPassword: MSG.currentPasswordWrong } });
  }
  forwardCookies(reply, result.setCookies);

  const at = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordChangeRequested: false, updatedAt: at }).where(eq(users.id, actor.id));
    await revokePasswordLinks(tx, actor.id);
    await writeAudit(tx, { actor, action: 'account.password_change', targetType: 'user', targetId: actor.id, ip: request.ip });
    await queueEmail(
      tx,
      actor.user.email,
      renderPasswordChangedEmail({
        fullName: actor.user.fullName || actor.user.name,
        appUrl: deps.config.appUrl,
        at,
        isStaff,
        how: 'changed',
      }),
    );
  });
  deps.onEmailQueued();
  return findUserById(deps.db, actor.id);
}
