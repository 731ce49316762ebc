import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZLoginRequest,
  ZResetLinkCheckRequest,
  ZResetPasswordRequest,
  ZSessionResponse,
  ZSignupRequest,
  ZUsernameAvailableQuery,
  ZUsernameAvailableResponse,
} from '#shared/contracts/account.js';
import { ZOk } from '#shared/contracts/common.js';
import {
  ZLoginResponse,
  ZTwoFactorConfirmRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorEnrolment,
  ZTwoFactorPasswordRequest,
  ZTwoFactorSignInRequest,
  ZTwoFactorStatus,
} from '#shared/contracts/two-factor.js';
import { MSG } from '#shared/messages.js';
import { isReservedUsername } from '#shared/names.js';
import { isStaffRole } from '#shared/permissions.js';
import { actorOf } from '#server/plugins/access.js';
import { confirmEnrolment, disableTwoFactor, startEnrolment } from './two-factor.js';
import { toProfile } from './profile.js';
import { auditCodeStep, auditPasswordStep } from './sign-in-audit.js';
import {
  checkResetLink,
  isUsernameTaken,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
  signInWithSecondFactor,
  signOut,
  signUpCustomer,
  type TAccountDeps,
} from './service.js';
import { perIp, perUser, RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { changePassword } from './change-password.js';
import { resendVerification, verifyEmail } from './email-verification.js';
import { createChallenge } from '#server/lib/proof-of-work.js';
import {
  ZResendVerificationResponse,
  ZSignupChallenge,
  ZSignupResponse,
  ZVerifyEmailRequest,
} from '#shared/contracts/email-verification.js';

export const accountRoutes: FastifyPluginAsyncZod<TAccountDeps> = async (app, deps) => {
  app.get(
    '/api/session',
    { config: { access: 'public' }, schema: { tags: ['account'], response: { 200: ZSessionResponse } } },
    async (request) => {
      const user = await request.currentUser();
      return { user: user ? toProfile(user) : null };
    },
  );

  app.post(
    '/api/session/login',
    {
      config: {
        access: 'public',
        rateLimit: perIp(RATE_LIMITS.loginPerIp),
        errors: ['INVALID_CREDENTIALS', 'ADMIN_LOGIN_REQUIRED', 'NOT_ADMIN', 'BANNED'],
      },
      schema: { tags: ['account'], body: ZLoginRequest, response: { 200: ZLoginResponse } },
    },
    async (request, reply) => {
      // Staff sign-ins, refused or not, are audited (docs/decisions/033).
      const { user, twoFactorRequired } = await auditPasswordStep(deps, request, request.body, () =>
        signInWithPassword(deps, request, reply, request.body),
      );
      return { user: user ? toProfile(user) : null, twoFactorRequired };
    },
  );

  app.post(
    '/api/session/two-factor',
    {
      config: {
        access: 'public',
        rateLimit: perIp(RATE_LIMITS.loginPerIp),
        errors: ['INVALID_CREDENTIALS', 'SIGN_IN_EXPIRED', 'CODE_REUSED', 'ADMIN_LOGIN_REQUIRED', 'NOT_ADMIN'],
      },
      schema: { tags: ['account'], body: ZTwoFactorSignInRequest, response: { 200: ZLoginResponse } },
    },
    async (request, reply) => {
      const user = await auditCodeStep(deps, request, request.body.portal, () =>
        signInWithSecondFactor(deps, request, reply, request.body),
      );
      return { user: toProfile(user), twoFactorRequired: false };
    },
  );

  // Two-factor settings of the signed-in person. Reachable before a staff member has enrolled
  // (allowWithoutTwoFactor): this is where they enrol.
  const twoFactorConfig = { access: 'user', allowWithoutTwoFactor: true } as const;

  app.get(
    '/api/account/two-factor',
    { config: twoFactorConfig, schema: { tags: ['account'], response: { 200: ZTwoFactorStatus } } },
    async (request) => {
      const actor = actorOf(request);
      return { enabled: actor.user.twoFactorEnabled, required: isStaffRole(actor.user.role) };
    },
  );

  app.post(
    '/api/account/two-factor/enable',
    {
      config: { ...twoFactorConfig, errors: ['TWO_FACTOR_ALREADY_ON', 'TWO_FACTOR_LINK_REQUIRED', 'RATE_LIMITED'] },
      schema: { tags: ['account'], body: ZTwoFactorEnableRequest, response: { 200: ZTwoFactorEnrolment } },
    },
    async (request) => startEnrolment(deps, request, request.body.password, request.body.enrolmentToken),
  );

  app.post(
    '/api/account/two-factor/confirm',
    {
      config: { ...twoFactorConfig, errors: ['TWO_FACTOR_ALREADY_ON', 'INVALID_CREDENTIALS', 'RATE_LIMITED'] },
      schema: { tags: ['account'], body: ZTwoFactorConfirmRequest, response: { 200: ZSessionResponse } },
    },
    async (request, reply) => ({ user: toProfile(await confirmEnrolment(deps, request, reply, request.body.code)) }),
  );

  app.post(
    '/api/account/two-factor/disable',
    {
      config: { ...twoFactorConfig, errors: ['FORBIDDEN', 'TWO_FACTOR_NOT_ON', 'RATE_LIMITED'] },
      schema: { tags: ['account'], body: ZTwoFactorPasswordRequest, response: { 200: ZSessionResponse } },
    },
    async (request, reply) => ({ user: toProfile(await disableTwoFactor(deps, request, reply, request.body.password)) }),
  );

  // Change password (issue 26, docs/decisions/023). Reachable before a staff member has enrolled
  // two-factor only in the sense of the route table: staff are asked for a code, so they enrol first.
  app.post(
    '/api/account/password',
    {
      config: {
        access: 'user',
        rateLimit: perUser(RATE_LIMITS.changePasswordPerUser),
        errors: ['INVALID_CREDENTIALS', 'CODE_REUSED', 'RATE_LIMITED'],
      },
      schema: { tags: ['account'], body: ZChangePasswordRequest, response: { 200: ZSessionResponse } },
    },
    async (request, reply) => ({ user: toProfile(await changePassword(deps, request, reply, request.body)) }),
  );

  app.post(
    '/api/session/logout',
    { config: { access: 'public' }, schema: { tags: ['account'], response: { 200: ZOk } } },
    async (request, reply) => {
      await signOut(deps, request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/username-available',
    {
      config: { access: 'public', rateLimit: perIp(RATE_LIMITS.usernameCheckPerIp) },
      schema: { tags: ['account'], querystring: ZUsernameAvailableQuery, response: { 200: ZUsernameAvailableResponse } },
    },
    async (request) => {
      // A name that reads as staff is not available to anyone, whether or not it is taken.
      if (isReservedUsername(request.query.username)) return { available: false, reason: MSG.usernameReserved };
      return { available: !(await isUsernameTaken(deps.db, request.query.username)) };
    },
  );

  // Sign-up answers the same whether or not the address has an account, and signs nobody in
  // (issue 26 point 7, docs/decisions/024); past its allowance it asks for a proof-of-work check.
  app.post(
    '/api/account/signup',
    {
      config: {
        access: 'public',
        rateLimit: perIp(RATE_LIMITS.signupPerIp),
        errors: ['USERNAME_TAKEN', 'CHALLENGE_REQUIRED', 'CHALLENGE_INVALID'],
      },
      schema: { tags: ['account'], body: ZSignupRequest, response: { 202: ZSignupResponse } },
    },
    async (request, reply) => reply.status(202).send(await signUpCustomer(deps, request, request.body)),
  );

  app.get(
    '/api/account/signup-challenge',
    {
      config: { access: 'public', rateLimit: perIp(RATE_LIMITS.signupChallengesPerIp) },
      schema: { tags: ['account'], response: { 200: ZSignupChallenge } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createChallenge(deps.config.authSecret);
    },
  );

  // The emailed confirmation link's page posts its token here (issue 26 point 5).
  app.post(
    '/api/account/verify-email',
    {
      config: { access: 'public', rateLimit: perIp(RATE_LIMITS.verifyEmailPerIp), errors: ['INVALID_TOKEN'] },
      schema: { tags: ['account'], body: ZVerifyEmailRequest, response: { 200: ZSessionResponse } },
    },
    async (request, reply) => {
      const user = await verifyEmail(deps, request, reply, request.body.token);
      return { user: user ? toProfile(user) : null };
    },
  );

  app.post(
    '/api/account/verification-email',
    {
      config: {
        access: 'customer',
        rateLimit: perUser(RATE_LIMITS.verificationEmailsPerUser),
        errors: ['EMAIL_ALREADY_VERIFIED', 'RATE_LIMITED'],
      },
      schema: { tags: ['account'], response: { 200: ZResendVerificationResponse } },
    },
    async (request) => ({ message: await resendVerification(deps, request, actorOf(request)) }),
  );

  app.post(
    '/api/account/forgot-password',
    {
      config: { access: 'public', rateLimit: perIp(RATE_LIMITS.forgotPasswordPerIp) },
      schema: { tags: ['account'], body: ZForgotPasswordRequest, response: { 200: ZForgotPasswordResponse } },
    },
    async (request) => ({ message: await requestPasswordReset(deps, request, request.body.email) }),
  );

  // Asked when the reset page opens: a used or expired link says so at once, not after the form (issue 26 point 16).
  app.post(
    '/api/account/reset-password/check',
    {
      config: { access: 'public', rateLimit: perIp(RATE_LIMITS.resetPasswordPerIp), errors: ['INVALID_TOKEN'] },
      schema: { tags: ['account'], body: ZResetLinkCheckRequest, response: { 200: ZOk } },
    },
    async (request) => {
      await checkResetLink(deps, request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/reset-password',
    {
      config: { access: 'public', rateLimit: perIp(RATE_LIMITS.resetPasswordPerIp), errors: ['INVALID_TOKEN'] },
      schema: { tags: ['account'], body: ZResetPasswordRequest, response: { 200: ZOk } },
    },
    async (request) => {
      await resetPassword(deps, request, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
};
